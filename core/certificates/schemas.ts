// The certificates' input rules, shared by the admin's template form and the server. Pure.
// The layout is a few named positions on an A4 landscape page: how far down (percent of the page's height) the
// student's name, the course's title, the date and the signature line sit, and which corner holds the QR code.
import { z } from "zod";
import { blankTo, blankToNull, checkboxField, textOrNull } from "#core/shared/zod-fields.ts";

export const qrCorners = ["bottom-right", "bottom-left", "top-right", "top-left"] as const;
export type QrCorner = (typeof qrCorners)[number];

export const layoutFields = ["name_top", "course_top", "date_top", "signature_top"] as const;
export type LayoutField = (typeof layoutFields)[number];

export type CertificateLayout = Record<LayoutField, number> & { qr_corner: QrCorner; signer: string };

export const defaultLayout: CertificateLayout = {
  name_top: 38,
  course_top: 55,
  date_top: 66,
  signature_top: 80,
  qr_corner: "bottom-right",
  signer: "",
};

const top = (field: LayoutField) => z.preprocess(blankTo(defaultLayout[field]), z.coerce.number().int().min(5).max(95));

/** A stored layout: any field missing or out of range falls back to the default (an older or edited row). */
export const certificateLayoutSchema = z.object({
  name_top: top("name_top").catch(defaultLayout.name_top),
  course_top: top("course_top").catch(defaultLayout.course_top),
  date_top: top("date_top").catch(defaultLayout.date_top),
  signature_top: top("signature_top").catch(defaultLayout.signature_top),
  qr_corner: z.enum(qrCorners).catch(defaultLayout.qr_corner),
  signer: z.string().max(100).catch(""),
});

export function readLayout(json: string): CertificateLayout {
  let value: unknown = {};
  try {
    value = JSON.parse(json);
  } catch {
    // a broken row draws the default layout
  }
  return certificateLayoutSchema.parse(value ?? {});
}

/** The admin's template form (JSON or a plain form). */
export const certificateTemplateSchema = z
  .object({
    enabled: checkboxField.optional().default(false),
    background_image: textOrNull(300).refine((key) => key === null || /^images\/[\w./-]+$/.test(key), {
      message: "certificates:background_invalid",
    }),
    // The form sends its number fields as text.
    validity_months: z.preprocess(blankToNull, z.coerce.number().int().min(1).max(240).nullable()),
    name_top: top("name_top"),
    course_top: top("course_top"),
    date_top: top("date_top"),
    signature_top: top("signature_top"),
    qr_corner: z.preprocess(blankTo(defaultLayout.qr_corner), z.enum(qrCorners, { error: "validation:in" })),
    signer: z.preprocess(blankTo(""), z.string().trim().max(100)),
  })
  .superRefine((input, ctx) => {
    // Two fields on one line would print over each other.
    const tops = layoutFields.map((field) => input[field]);
    for (const [index, field] of layoutFields.entries()) {
      if (tops.some((other, j) => j < index && Math.abs(other - input[field]) < 6)) {
        ctx.addIssue({ code: "custom", path: [field], message: "certificates:positions_overlap" });
      }
    }
  });
export type CertificateTemplateInput = z.infer<typeof certificateTemplateSchema>;

export const revokeCertificateSchema = z.object({
  reason: z.string().trim().min(3).max(500),
});
