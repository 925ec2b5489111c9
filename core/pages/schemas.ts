// Pages made of blocks: the page form (title, address, SEO, draft or published) and each block type's settings,
// shared by the builder (checked before sending) and the §7 calls (checked again). Pure: no I/O, importable by
// the client. Checks that need the database (the address is free, a course exists, a promotion really ends, an
// image arrived) are in check-block-references.ts and page-slug.ts.
import { z } from "zod";
import { idSchema } from "#core/shared/ids.ts";
import { isSliderPosition, SLIDER_START } from "./compare-slider.ts";
import { videoEmbed } from "./video-embed.ts";

export const PAGE_TITLE_MAX = 200;
export const SEO_TITLE_MAX = 200;
export const SEO_DESCRIPTION_MAX = 400;
export const BLOCKS_MAX = 100;
export const FAQ_ITEMS_MAX = 50;
export const CAROUSEL_SLIDES_MAX = 20;
export const GALLERY_IMAGES_MAX = 60;
export const TESTIMONIALS_MAX = 30;
export const PRICING_PLANS_MAX = 4;
export const PRICING_FEATURES_MAX = 20;
export const BIO_LINKS_MAX = 5;

/**
 * A link a visitor follows from a page: an absolute http(s) address, or with `sameSite` also a path on this site
 * ("/x", never "//host" nor "/\\host", which browsers read as another host). Everything else (javascript:, data:,
 * mailto:, relative paths) is refused.
 */
export function isSafeLink(value: string, options: { sameSite: boolean }): boolean {
  if (options.sameSite && value.startsWith("/")) return !/^\/[/\\]/.test(value) && !/[\s\\]/.test(value);
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}
/** An evergreen countdown runs at most a year per visitor. */
export const EVERGREEN_MINUTES_MAX = 525_600;

export const pageStatuses = ["draft", "published"] as const;

export const pageSchema = z.object({
  title: z.string().trim().min(1).max(PAGE_TITLE_MAX),
  /** empty: made from the title; otherwise normalised (core/catalog/course-slug.ts slugify) */
  slug: z.string().trim().max(200).default(""),
  seo_title: z.string().trim().max(SEO_TITLE_MAX).default(""),
  seo_description: z.string().trim().max(SEO_DESCRIPTION_MAX).default(""),
  status: z.enum(pageStatuses).default("draft"),
});
export type PageInput = z.input<typeof pageSchema>;

const hexColor = z
  .string()
  .trim()
  .refine((value) => value === "" || /^#[0-9a-fA-F]{6}$/.test(value), { error: "pages:color_format" });

/** Extra class names for the countdown (spec §2 customClasses): names only, nothing that could close the attribute. */
const classNames = z
  .string()
  .trim()
  .max(200)
  .refine((value) => /^[\w :/.[\]#%-]*$/.test(value), { error: "pages:classes_format" })
  .default("");

/** storage key of an image uploaded through /home/images (check-block-references.ts: it must have arrived) */
const imageKey = z.string().trim().min(1).max(300);
const altText = z.string().trim().max(300).default("");

/** One image of a carousel or a gallery: its upload, the text for screen readers and an optional caption. */
const pictured = z.object({ image: imageKey, alt: altText, caption: z.string().trim().max(300).default("") });

export const blockSettingsByType = {
  heading: z.object({
    text: z.string().trim().min(1).max(200),
    level: z.union([z.literal(2), z.literal(3)]).default(2),
  }),
  text: z.object({ markdown: z.string().trim().min(1).max(20_000) }),
  image: z.object({
    /** storage key of an image uploaded through /home/images */
    image: z.string().trim().min(1).max(300),
    alt: z.string().trim().max(300).default(""),
    caption: z.string().trim().max(300).default(""),
  }),
  video: z.object({
    url: z
      .string()
      .trim()
      .max(500)
      .refine((url) => videoEmbed(url) !== null, { error: "pages:video_unknown" }),
    title: z.string().trim().max(200).default(""),
  }),
  faq: z.object({
    items: z
      .array(
        z.object({
          question: z.string().trim().min(1).max(300),
          answer: z.string().trim().min(1).max(5000),
        }),
      )
      .min(1)
      .max(FAQ_ITEMS_MAX),
  }),
  checkout: z.object({ course_id: idSchema }),
  /** one of the school's lead forms (/home/leads/forms), shown with its own fields and consent */
  lead_form: z.object({ form_id: idSchema }),
  countdown: z
    .object({
      /** promo: the course's promotion end (the price changes then); evergreen: minutes from a visitor's first view */
      mode: z.enum(["promo", "evergreen"]),
      course_id: idSchema.optional(),
      minutes: z.number().int().min(1).max(EVERGREEN_MINUTES_MAX).optional(),
      expired_text: z.string().trim().min(1).max(500),
      bg_color: hexColor.default(""),
      text_color: hexColor.default(""),
      custom_classes: classNames,
    })
    .superRefine((value, ctx) => {
      if (value.mode === "promo" && value.course_id === undefined)
        ctx.addIssue({ code: "custom", path: ["course_id"], message: "pages:countdown_no_end" });
      if (value.mode === "evergreen" && value.minutes === undefined)
        ctx.addIssue({ code: "custom", path: ["minutes"], message: "pages:countdown_no_end" });
    }),
  /** spec §2 Carousel: the slides in order; autoplay every 2500 ms when on (core/pages/carousel.ts) */
  carousel: z.object({
    slides: z.array(pictured).min(1).max(CAROUSEL_SLIDES_MAX),
    autoplay: z.boolean().default(false),
  }),
  /** spec §2 Before/after: two images over each other and where the divide starts (0-100 in 0.1 steps) */
  before_after: z.object({
    before: imageKey,
    before_alt: altText,
    after: imageKey,
    after_alt: altText,
    start: z
      .number()
      .refine((value) => isSliderPosition(value), { error: "pages:slider_start" })
      .default(SLIDER_START),
  }),
  /** a grid of images opening the community's lightbox */
  gallery: z.object({ images: z.array(pictured).min(1).max(GALLERY_IMAGES_MAX) }),
  /** what students say: plain text (no Markdown, no links), a name, optionally their role and a photo */
  testimonials: z.object({
    items: z
      .array(
        z.object({
          quote: z.string().trim().min(1).max(2000),
          name: z.string().trim().min(1).max(200),
          role: z.string().trim().max(200).default(""),
          /** empty: no photo (the initials in a circle) */
          photo: z.string().trim().max(300).default(""),
        }),
      )
      .min(1)
      .max(TESTIMONIALS_MAX),
  }),
  /**
   * The instructor: a photo (an upload, checked like the image block's), name, role line, the bio as plain text or
   * as Markdown (the text block's safe renderer), and up to 5 links, http(s) only.
   */
  bio: z.object({
    photo: z.string().trim().max(300).default(""),
    name: z.string().trim().min(1).max(200),
    role: z.string().trim().max(200).default(""),
    text: z.string().trim().min(1).max(10_000),
    markdown: z.boolean().default(false),
    links: z
      .array(
        z.object({
          label: z.string().trim().min(1).max(100),
          url: z
            .string()
            .trim()
            .max(500)
            .refine((url) => isSafeLink(url, { sameSite: false }), { error: "pages:link_http" }),
        }),
      )
      .max(BIO_LINKS_MAX)
      .default([]),
  }),
  /**
   * 1-4 plans side by side. A plan either names a course, whose current price (and the Omnibus lowest price while
   * a promotion runs) the server reads when the page is shown and whose button leads to its checkout, or shows
   * the admin's own price text with a button to a URL. A referenced price is never typed by hand.
   */
  pricing: z
    .object({
      plans: z
        .array(
          z.object({
            name: z.string().trim().min(1).max(120),
            course_id: idSchema.optional(),
            price_text: z.string().trim().max(60).default(""),
            features: z.array(z.string().trim().min(1).max(200)).max(PRICING_FEATURES_MAX).default([]),
            button_label: z.string().trim().max(60).default(""),
            button_url: z
              .string()
              .trim()
              .max(500)
              .refine((url) => url === "" || isSafeLink(url, { sameSite: true }), { error: "pages:link_scheme" })
              .default(""),
            highlighted: z.boolean().default(false),
          }),
        )
        .min(1)
        .max(PRICING_PLANS_MAX),
    })
    .superRefine((value, ctx) => {
      value.plans.forEach((plan, i) => {
        if (plan.course_id !== undefined && plan.price_text !== "")
          ctx.addIssue({ code: "custom", path: ["plans", i, "price_text"], message: "pages:pricing_price_typed" });
        if (plan.course_id === undefined && plan.price_text === "")
          ctx.addIssue({ code: "custom", path: ["plans", i, "price_text"], message: "pages:pricing_no_price" });
        if (plan.course_id === undefined && plan.button_label !== "" && plan.button_url === "")
          ctx.addIssue({ code: "custom", path: ["plans", i, "button_url"], message: "pages:pricing_no_link" });
      });
      if (value.plans.filter((plan) => plan.highlighted).length > 1)
        ctx.addIssue({ code: "custom", path: ["plans"], message: "pages:pricing_one_highlight" });
    }),
} as const;

export type BlockType = keyof typeof blockSettingsByType;
export const blockTypes = Object.keys(blockSettingsByType) as BlockType[];
export type BlockSettings<T extends BlockType> = z.output<(typeof blockSettingsByType)[T]>;

export const blockTypeSchema = z.object({ type: z.enum(blockTypes as [BlockType, ...BlockType[]]) });

/** A block's settings as the calls take them: {settings: {...}} checked with its type's schema. */
export function blockInputSchema<T extends BlockType>(type: T) {
  return z.object({ settings: blockSettingsByType[type] });
}

export const orderSchema = z.object({ ids: z.array(idSchema).max(BLOCKS_MAX) });
