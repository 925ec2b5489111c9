// The product editor's forms and calls (/home/products, the selling issue item 1): a product of kind bundle,
// consultation, live event or file, with up to three price variants (spec §9), promotional packages (-1
// unlimited), an access length in days or an end date (0 / empty: no limit); and the course products' own part
// (variants 2 and 3 and the promotional packages limit; variant 1 is the course's price). Also the private file
// of a file product (its allowed types). Shared by the React editor (checked before sending) and the JSON API
// (checked again). Pure: no I/O, importable by the client.
import { z } from "zod";
import { ACCESS_DAYS_MAX, DESCRIPTION_MAX, PRICE_MAX_CENTS, TITLE_MAX } from "../catalog/authoring-schemas.ts";
import { slugify } from "../catalog/course-slug.ts";
import { extensionOf, isPlainFilename } from "../media/image-rules.ts";
import { MAX_PRODUCT_FILE_BYTES } from "../media/limits.ts";
import { currencies } from "../school/schemas.ts";
import { idSchema } from "#core/shared/ids.ts";
import { blankToNull, optionalInt, optionalMoment, textOrNull } from "#core/shared/zod-fields.ts";

/** The kinds the product editor makes; 'course' products are made for every course (core/selling/course-product.ts). */
export const editableKinds = ["bundle", "consultation", "live_event", "file"] as const;
export const allKinds = ["course", ...editableKinds] as const;
export const productStatuses = ["draft", "published", "unpublished"] as const;

export type EditableKind = (typeof editableKinds)[number];

/** §9: three price variants per product. */
export const MAX_VARIANTS = 3;
export const VARIANT_NAME_MAX = 100;
/** Promotional packages: -1 is unlimited (§3, §9). */
export const UNLIMITED_PROMO = -1;
export const PROMO_LIMIT_MAX = 1_000_000;
export const BUNDLE_COURSES_MAX = 50;
export const EVENT_LINK_MAX = 500;
export { MAX_PRODUCT_FILE_BYTES };

/**
 * What a file product may be, by extension, and the content type the server signs its upload with (the browser's
 * own guess is not trusted). Documents, e-books, archives, audio, video and images.
 */
export const productFileTypes = {
  pdf: "application/pdf",
  epub: "application/epub+zip",
  mobi: "application/x-mobipocket-ebook",
  zip: "application/zip",
  mp3: "audio/mpeg",
  m4a: "audio/mp4",
  wav: "audio/wav",
  mp4: "video/mp4",
  mov: "video/quicktime",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  txt: "text/plain",
  csv: "text/csv",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
} as const;

export type ProductFileExtension = keyof typeof productFileTypes;

export function productFileContentType(filename: string): string | null {
  const extension = extensionOf(filename);
  return Object.hasOwn(productFileTypes, extension) ? productFileTypes[extension as ProductFileExtension] : null;
}

/** The file input's accept attribute. */
export const productFileAccept = Object.keys(productFileTypes)
  .map((extension) => `.${extension}`)
  .join(",");

// §9 "access limit 0 unlimited": 0 days is the same as none.
const blankOrZeroToNull = (value: unknown) => (value === "" || value === undefined || value === 0 ? null : value);

export function isWebLink(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && Boolean(url.hostname);
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Price variants

export const variantObject = z.object({
  /** an existing variant's id (kept, its history continues); absent for a new one */
  id: z.preprocess(blankToNull, idSchema.nullable()).optional(),
  name: z.string().trim().max(VARIANT_NAME_MAX).default(""),
  price_cents: z.number().int().min(0).max(PRICE_MAX_CENTS),
  promo_price_cents: optionalInt(0, PRICE_MAX_CENTS),
  promo_starts_at: optionalMoment("start"),
  promo_ends_at: optionalMoment("end"),
});

export type VariantInput = z.input<typeof variantObject>;
export type VariantFields = z.output<typeof variantObject>;

export const variantSchema = variantObject.superRefine((variant, ctx) => {
  if (variant.promo_price_cents !== null && variant.promo_price_cents >= variant.price_cents) {
    ctx.addIssue({ code: "custom", path: ["promo_price_cents"], message: "products:promo_not_lower" });
  }
  if (variant.promo_price_cents === null && (variant.promo_starts_at || variant.promo_ends_at)) {
    ctx.addIssue({ code: "custom", path: ["promo_price_cents"], message: "products:promo_price_required" });
  }
  if (variant.promo_starts_at && variant.promo_ends_at && variant.promo_ends_at < variant.promo_starts_at) {
    ctx.addIssue({ code: "custom", path: ["promo_ends_at"], message: "products:end_before_start" });
  }
});

/** With several variants a buyer tells them apart by name: every variant of such a list needs one. */
function requireNames(variants: VariantFields[], ctx: z.RefinementCtx, from: number) {
  if (variants.length + from < 2) return;
  variants.forEach((variant, index) => {
    if (!variant.name)
      ctx.addIssue({ code: "custom", path: ["variants", index, "name"], message: "products:variant_name_required" });
  });
}

const promoLimit = z.number().int().min(UNLIMITED_PROMO).max(PROMO_LIMIT_MAX).default(UNLIMITED_PROMO);

// ---------------------------------------------------------------------------------------------------------------
// Products (every kind but 'course')

export const productObject = z.object({
  kind: z.enum(editableKinds),
  title: z.string().trim().min(1).max(TITLE_MAX),
  /** empty: generated from the title; otherwise normalised with slugify (course-slug.ts) */
  slug: z.string().trim().max(200).default(""),
  /** markdown, rendered like lecture text */
  description: z.string().max(DESCRIPTION_MAX).default(""),
  /** storage key of an uploaded image */
  cover_image: textOrNull(300).default(null),
  status: z.enum(productStatuses).default("draft"),
  currency: z.enum(currencies),
  vat_rate: z.number().int().min(0).max(100).default(23),
  promo_limit: promoLimit,
  /** access length in days after the purchase, or access_ends_at, or neither (0 / empty: no limit) */
  access_days: z.preprocess(blankOrZeroToNull, z.number().int().min(1).max(ACCESS_DAYS_MAX).nullable()).default(null),
  access_ends_at: optionalMoment("end").default(null),
  /** live events: when it starts; the link is shown to buyers only */
  event_starts_at: optionalMoment("start").default(null),
  event_link: z
    .string()
    .trim()
    .max(EVENT_LINK_MAX)
    .refine((value) => value === "" || isWebLink(value), "validation:url")
    .default(""),
  /** file products: the stored upload's key and the file's own name */
  file_key: textOrNull(600).default(null),
  file_name: z
    .preprocess(blankToNull, z.string().refine(isPlainFilename, "media:bad_filename").nullable())
    .default(null),
  /** bundles: the courses, in the order shown */
  course_ids: z
    .array(idSchema)
    .max(BUNDLE_COURSES_MAX)
    .refine((ids) => new Set(ids).size === ids.length, "products:course_twice")
    .default([]),
  variants: z.array(variantSchema).min(1).max(MAX_VARIANTS),
});

export type ProductInput = z.input<typeof productObject>;
export type ProductFields = z.output<typeof productObject>;

export const productSchema = productObject.superRefine((product, ctx) => {
  if (product.slug && !slugify(product.slug)) {
    ctx.addIssue({ code: "custom", path: ["slug"], message: "products:slug_invalid" });
  }
  if (product.access_days !== null && product.access_ends_at !== null) {
    ctx.addIssue({ code: "custom", path: ["access_ends_at"], message: "products:access_one_of" });
  }
  if (product.kind === "bundle" && product.course_ids.length === 0) {
    ctx.addIssue({ code: "custom", path: ["course_ids"], message: "products:bundle_courses_required" });
  }
  if (product.kind === "live_event" && product.event_starts_at === null) {
    ctx.addIssue({ code: "custom", path: ["event_starts_at"], message: "validation:required" });
  }
  if (product.kind === "file" && (product.file_key === null || product.file_name === null)) {
    ctx.addIssue({ code: "custom", path: ["file_key"], message: "products:file_required" });
  }
  if (product.kind === "file" && product.file_name !== null && productFileContentType(product.file_name) === null) {
    ctx.addIssue({ code: "custom", path: ["file_key"], message: "products:file_type" });
  }
  requireNames(product.variants, ctx, 0);
});

// ---------------------------------------------------------------------------------------------------------------
// Course products: variant 1 is the course's own price (edited in the course editor)

export const COURSE_EXTRA_VARIANTS = MAX_VARIANTS - 1;

export const courseProductSchema = z
  .object({
    promo_limit: promoLimit,
    /** variants 2 and 3, in order */
    variants: z.array(variantSchema).max(COURSE_EXTRA_VARIANTS).default([]),
  })
  .superRefine((product, ctx) => requireNames(product.variants, ctx, 1));

// ---------------------------------------------------------------------------------------------------------------
// The private file of a file product

/** POST /home/products/files/create {filename} -> {upload, download, content_type, confirm?} */
export const createProductFileSchema = z.object({
  filename: z
    .string()
    .min(1)
    .max(200)
    .refine(isPlainFilename, "media:bad_filename")
    .refine((name) => productFileContentType(name) !== null, "products:file_type"),
});

/** POST /home/products/files/confirm {path} -> {file: {key, size}} */
export const confirmProductFileSchema = z.object({ path: z.string().min(1).max(600) });

// ---------------------------------------------------------------------------------------------------------------
// The admin list's filters (?kind=&status=): anything else means "all"

export const productFilterSchema = z.object({
  kind: z.enum(allKinds).optional().catch(undefined),
  status: z.enum(productStatuses).optional().catch(undefined),
});

export type ProductFilter = z.output<typeof productFilterSchema>;
