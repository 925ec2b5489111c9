// What the PDF shows, worked out by core and drawn by the renderer the composition root gives (the port below):
// the school's name, the student's name and the course as issued, the issue day in the school's time zone and
// language, the signature line, the QR code's address (the verification page), the template's layout and
// background. Only the certificate's student or an admin may download it; anyone else gets a 404.
import type { Readable } from "node:stream";
import type { Db } from "#platform/db/connection.ts";
import { formatDate } from "#platform/i18n/format.ts";
import { translator } from "#platform/i18n/index.ts";
import type { Storage } from "../ports/storage.ts";
import { AppError } from "../errors.ts";
import { type Actor, authorizeUser, isAdmin } from "../shared/actor.ts";
import { canSeeOwnCertificates } from "./policies.ts";
import { isCertificatePublicId } from "./public-id.ts";
import { type CertificateLayout, readLayout } from "./schemas.ts";

export type CertificateDocument = {
  fileName: string;
  verifyUrl: string;
  layout: CertificateLayout;
  /** the template's background image, or null */
  background: Buffer | null;
  texts: {
    heading: string;
    school: string;
    intro: string;
    student: string;
    completed: string;
    course: string;
    date: string;
    signatureLabel: string;
    signer: string;
    verifyHint: string;
    id: string;
  };
};

/** Draws a document as PDF bytes (server/certificate-pdf.ts, with @react-pdf/renderer). */
export type CertificatePdfRenderer = (document: CertificateDocument) => Promise<Buffer>;

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

export async function getCertificateDocument(
  db: Db,
  storage: Storage,
  actor: Actor,
  options: { publicId: unknown; baseUrl: string },
): Promise<CertificateDocument> {
  const signedIn = authorizeUser(actor, canSeeOwnCertificates(actor));
  if (!isCertificatePublicId(options.publicId)) throw new AppError("not_found");
  const row = await db
    .selectFrom("certificates as c")
    .leftJoin("certificate_templates as t", "t.course_id", "c.course_id")
    .select([
      "c.public_id",
      "c.user_id",
      "c.student_name",
      "c.course_title",
      "c.issued_at",
      "t.layout",
      "t.background_image",
    ])
    .where("c.public_id", "=", options.publicId)
    .executeTakeFirst();
  if (!row || (row.user_id !== signedIn.userId && !isAdmin(actor))) throw new AppError("not_found");
  const school = await db.selectFrom("school").select(["name", "language", "time_zone"]).executeTakeFirstOrThrow();
  const t = translator(school.language);
  const layout = readLayout(row.layout ?? "{}");
  const stream = row.background_image ? await storage.get(row.background_image) : null;
  return {
    fileName: `certificate-${row.public_id}.pdf`,
    verifyUrl: `${options.baseUrl.replace(/\/+$/, "")}/certificates/${row.public_id}`,
    layout,
    background: stream ? await readAll(stream) : null,
    texts: {
      heading: t("certificates:pdf_heading"),
      school: school.name,
      intro: t("certificates:pdf_intro"),
      student: row.student_name,
      completed: t("certificates:pdf_completed"),
      course: row.course_title,
      date: t("certificates:pdf_date", { date: formatDate(row.issued_at, school.language, school.time_zone) }),
      signatureLabel: t("certificates:pdf_signature"),
      signer: layout.signer || school.name,
      verifyHint: t("certificates:pdf_verify"),
      id: t("certificates:pdf_id", { id: row.public_id }),
    },
  };
}
