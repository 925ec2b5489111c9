// The course-authoring forms and calls (/home/courses/...): courses, sections, lectures, components, the
// order of each, and granting a student access. Shared by the React editor (checked before sending) and the
// JSON API (checked again). Pure: no I/O, importable by the client.
import { z } from "zod";
import { emailField } from "../accounts/schemas.ts";
import { currencies } from "../school/schemas.ts";
import { embedData, componentDataByKind, componentKinds, embedUrl, type ComponentKind } from "./component-data.ts";
import { isReservedSlug, slugify } from "./course-slug.ts";
import { idSchema } from "#core/shared/ids.ts";
import { optionalInt, optionalMoment, textOrNull } from "#core/shared/zod-fields.ts";

export const TITLE_MAX = 200;
/** §9: SEO title and description hints (shown while typing); the hard limits are higher. */
export const SEO_TITLE_HINT = 70;
export const SEO_DESCRIPTION_HINT = 150;
export const SEO_TITLE_MAX = 200;
export const SEO_DESCRIPTION_MAX = 400;
export const DESCRIPTION_MAX = 100_000;
export const PRICE_MAX_CENTS = 100_000_000;
export const ACCESS_DAYS_MAX = 36_500;
export const DURATION_MAX_MINUTES = 10_000;
export const ORDER_MAX_ITEMS = 2_000;

export const courseStatuses = ["draft", "published", "unpublished"] as const;
export const lectureAccessKinds = ["free", "paid", "login"] as const;
export const lectureStatuses = ["draft", "published"] as const;

const title = z.string().trim().min(1).max(TITLE_MAX);

// ---------------------------------------------------------------------------------------------------------------
// Courses

export const courseObject = z.object({
  title,
  /** empty: generated from the title; otherwise normalised with slugify (see course-slug.ts) */
  slug: z.string().trim().max(200).default(""),
  /** markdown */
  description: z.string().max(DESCRIPTION_MAX).default(""),
  /** storage key of an uploaded image */
  cover_image: textOrNull(300),
  status: z.enum(courseStatuses).default("draft"),
  price_cents: z.number().int().min(0).max(PRICE_MAX_CENTS).default(0),
  currency: z.enum(currencies),
  vat_rate: z.number().int().min(0).max(100).default(23),
  promo_price_cents: optionalInt(0, PRICE_MAX_CENTS),
  promo_starts_at: optionalMoment("start"),
  promo_ends_at: optionalMoment("end"),
  /** access length in days after the purchase; or access_ends_at; or neither (no limit) */
  access_days: optionalInt(1, ACCESS_DAYS_MAX),
  access_ends_at: optionalMoment("end"),
  author_name: z.string().trim().max(120).default(""),
  author_bio: z.string().trim().max(5000).default(""),
  seo_title: z.string().trim().max(SEO_TITLE_MAX).default(""),
  seo_description: z.string().trim().max(SEO_DESCRIPTION_MAX).default(""),
});

export type CourseInput = z.input<typeof courseObject>;
export type CourseFields = z.output<typeof courseObject>;

export const courseSchema = courseObject.superRefine((course, ctx) => {
  if (course.slug) {
    const slug = slugify(course.slug);
    if (!slug) ctx.addIssue({ code: "custom", path: ["slug"], message: "authoring:slug_invalid" });
    else if (isReservedSlug(slug)) ctx.addIssue({ code: "custom", path: ["slug"], message: "authoring:slug_reserved" });
  }
  if (course.promo_price_cents !== null && course.promo_price_cents >= course.price_cents) {
    ctx.addIssue({ code: "custom", path: ["promo_price_cents"], message: "authoring:promo_not_lower" });
  }
  if (course.promo_price_cents === null && (course.promo_starts_at || course.promo_ends_at)) {
    ctx.addIssue({ code: "custom", path: ["promo_price_cents"], message: "authoring:promo_price_required" });
  }
  if (course.promo_starts_at && course.promo_ends_at && course.promo_ends_at < course.promo_starts_at) {
    ctx.addIssue({ code: "custom", path: ["promo_ends_at"], message: "authoring:end_before_start" });
  }
  if (course.access_days !== null && course.access_ends_at !== null) {
    ctx.addIssue({ code: "custom", path: ["access_ends_at"], message: "authoring:access_one_of" });
  }
});

/** The "New course" form: a title and, optionally, the address. */
export const newCourseSchema = z
  .object({ title, slug: z.string().trim().max(200).default("") })
  .superRefine((course, ctx) => {
    if (!course.slug) return;
    const slug = slugify(course.slug);
    if (!slug) ctx.addIssue({ code: "custom", path: ["slug"], message: "authoring:slug_invalid" });
    else if (isReservedSlug(slug)) ctx.addIssue({ code: "custom", path: ["slug"], message: "authoring:slug_reserved" });
  });

// ---------------------------------------------------------------------------------------------------------------
// Sections, lectures, order

export const sectionSchema = z.object({ title });

export const lectureSchema = z.object({
  title,
  duration_minutes: z.number().int().min(0).max(DURATION_MAX_MINUTES).default(0),
  access: z.enum(lectureAccessKinds).default("paid"),
  status: z.enum(lectureStatuses).default("draft"),
});

/** An update may also move the lecture to another section of the same course. */
export const lectureUpdateSchema = lectureSchema.extend({ section_id: idSchema });

/**
 * PUT .../drip of a section or a lecture (drip release): none, "N days after the student's access began"
 * (1..3650), or "on a date" (an instant with its offset: the editor converts the school's wall clock to UTC).
 * Answers the columns as stored: the rule not chosen is emptied.
 */
export const DRIP_DAYS_MAX = 3650;
export const dripModes = ["none", "days", "date"] as const;
export const dripSchema = z
  .object({
    mode: z.enum(dripModes),
    drip_days: optionalInt(1, DRIP_DAYS_MAX),
    drip_at: optionalMoment("start"),
  })
  .superRefine((drip, ctx) => {
    if (drip.mode === "days" && drip.drip_days === null)
      ctx.addIssue({ code: "custom", path: ["drip_days"], message: "validation:required" });
    if (drip.mode === "date" && drip.drip_at === null)
      ctx.addIssue({ code: "custom", path: ["drip_at"], message: "validation:required" });
  })
  .transform((drip) => ({
    drip_days: drip.mode === "days" ? drip.drip_days : null,
    drip_at: drip.mode === "date" ? drip.drip_at : null,
  }));

/** POST .../order: every id of the list, in the new order. */
export const orderSchema = z.object({
  ids: z
    .array(idSchema)
    .max(ORDER_MAX_ITEMS)
    .refine((ids) => new Set(ids).size === ids.length, "authoring:order_mismatch"),
});

// ---------------------------------------------------------------------------------------------------------------
// Components

export const componentKindSchema = z.object({ kind: z.enum(componentKinds) });

const embedForAuthoring = embedData.refine((data) => embedUrl(data.url) !== null, {
  path: ["url"],
  message: "authoring:embed_unsupported",
});

/** A component's data as the author may save it: the kind's schema, and for embeds a known player. */
export function componentDataSchema(kind: ComponentKind) {
  return kind === "embed" ? embedForAuthoring : componentDataByKind[kind];
}

export function componentInputSchema(kind: ComponentKind) {
  return z.object({ data: componentDataSchema(kind) });
}

// ---------------------------------------------------------------------------------------------------------------
// Course access

export const grantAccessSchema = z.object({ email: emailField, ends_at: optionalMoment("end") });
