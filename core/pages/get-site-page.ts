// A page at /{slug} as visitors see it (published pages only; an admin also sees drafts: the builder's preview),
// with each block's settings resolved to what it shows: the image's address, the video's player, the course of a
// checkout button, and for a promotion countdown the end and the prices the server applies (the promo price, the
// regular one, and the lowest of the 30 days before, EU Omnibus) from the course's own sales-page price
// (core/catalog/get-course-page.ts). A countdown or button whose course is not (or no longer) public shows
// nothing; a promotion countdown whose promotion is over shows its text after expiry. A pricing plan naming a
// course shows that course's price the same way (never a price typed by hand).
import type { Db } from "#platform/db/connection.ts";
import { coverPhotoUrl } from "../catalog/cover-photo.ts";
import { type CoursePrice, getCoursePage } from "../catalog/get-course-page.ts";
import { type Actor, isAdmin } from "../shared/actor.ts";
import { listBlocks, type PageView, pageView } from "./page-records.ts";
import type { BlockSettings } from "./schemas.ts";
import { type VideoProvider, videoEmbed } from "./video-embed.ts";
import { AppError } from "../errors.ts";
import { publicLeadForm, type PublicLeadForm } from "../leads/get-public-lead-form.ts";
import { findLeadForm } from "../leads/form-records.ts";

/** An image as a carousel, a gallery or the before/after pair shows it. */
export type ShownImage = { src: string; alt: string; caption: string };

export type BlockCourse = { id: number; slug: string; title: string; status: string; price: CoursePrice };

/** A pricing plan: with a course, that course's current price and checkout; else the admin's text and link. */
export type ShownPlan = {
  name: string;
  course: BlockCourse | null;
  priceText: string;
  features: string[];
  buttonLabel: string;
  buttonUrl: string;
  highlighted: boolean;
};

export type ShownBlock = { id: number } & (
  | { type: "heading"; text: string; level: 2 | 3 }
  | { type: "text"; markdown: string }
  | { type: "image"; src: string; alt: string; caption: string }
  | { type: "video"; provider: VideoProvider; src: string; title: string }
  | { type: "faq"; items: { question: string; answer: string }[] }
  | { type: "carousel"; slides: ShownImage[]; autoplay: boolean }
  | { type: "before_after"; before: ShownImage; after: ShownImage; start: number }
  | { type: "gallery"; images: ShownImage[] }
  | { type: "testimonials"; items: { quote: string; name: string; role: string; photo: string | null }[] }
  | { type: "checkout"; course: BlockCourse }
  | { type: "lead_form"; form: PublicLeadForm }
  | { type: "pricing"; plans: ShownPlan[] }
  | {
      type: "bio";
      photo: string | null;
      name: string;
      role: string;
      text: string;
      markdown: boolean;
      links: { label: string; url: string }[];
    }
  | {
      type: "countdown";
      mode: "promo" | "evergreen";
      /** promo: the promotion's end while it runs, else null (over: the text after expiry) */
      endsAt: string | null;
      minutes: number | null;
      course: BlockCourse | null;
      expiredText: string;
      bgColor: string;
      textColor: string;
      customClasses: string;
    }
);

function shownImage(picture: { image: string; alt: string; caption: string }): ShownImage {
  return { src: coverPhotoUrl(picture.image)!, alt: picture.alt, caption: picture.caption };
}

export type SitePage = {
  page: PageView;
  blocks: ShownBlock[];
  /** the next moment a shown price changes by itself: a cached copy must expire then */
  changesAt: string | null;
};

export async function getSitePage(
  db: Db,
  actor: Actor,
  options: { slug: string; now: string },
): Promise<SitePage | null> {
  let query = db.selectFrom("subpages").selectAll().where("slug", "=", options.slug);
  if (!isAdmin(actor)) query = query.where("status", "=", "published");
  const row = await query.executeTakeFirst();
  if (!row) return null;
  const rows = await listBlocks(db, row.id);

  const courses = new Map<number, { course: BlockCourse; changesAt: string | null } | null>();
  const courseOf = async (id: number | undefined) => {
    if (id === undefined) return null;
    if (!courses.has(id)) {
      const found = await db.selectFrom("courses").select("slug").where("id", "=", id).executeTakeFirst();
      const page = found
        ? await getCoursePage(db, { slug: found.slug, includeUnpublished: isAdmin(actor), now: options.now })
        : null;
      courses.set(
        id,
        page
          ? {
              course: {
                id: page.course.id,
                slug: page.course.slug,
                title: page.course.title,
                status: page.course.status,
                price: page.price,
              },
              changesAt: page.price_changes_at,
            }
          : null,
      );
    }
    return courses.get(id) ?? null;
  };

  const blocks: ShownBlock[] = [];
  let changesAt: string | null = null;
  const expireAt = (moment: string | null) => {
    if (moment && (changesAt === null || moment < changesAt)) changesAt = moment;
  };
  for (const block of rows) {
    const s = block.settings;
    switch (block.type) {
      case "heading": {
        const { text, level } = s as BlockSettings<"heading">;
        blocks.push({ id: block.id, type: "heading", text, level });
        break;
      }
      case "text":
        blocks.push({ id: block.id, type: "text", markdown: (s as BlockSettings<"text">).markdown });
        break;
      case "image": {
        const { image, alt, caption } = s as BlockSettings<"image">;
        blocks.push({ id: block.id, type: "image", src: coverPhotoUrl(image)!, alt, caption });
        break;
      }
      case "video": {
        const { url, title } = s as BlockSettings<"video">;
        const embed = videoEmbed(url);
        if (embed) blocks.push({ id: block.id, type: "video", ...embed, title });
        break;
      }
      case "faq":
        blocks.push({ id: block.id, type: "faq", items: (s as BlockSettings<"faq">).items });
        break;
      case "carousel": {
        const { slides, autoplay } = s as BlockSettings<"carousel">;
        blocks.push({ id: block.id, type: "carousel", slides: slides.map(shownImage), autoplay });
        break;
      }
      case "before_after": {
        const c = s as BlockSettings<"before_after">;
        blocks.push({
          id: block.id,
          type: "before_after",
          before: shownImage({ image: c.before, alt: c.before_alt, caption: "" }),
          after: shownImage({ image: c.after, alt: c.after_alt, caption: "" }),
          start: c.start,
        });
        break;
      }
      case "gallery":
        blocks.push({ id: block.id, type: "gallery", images: (s as BlockSettings<"gallery">).images.map(shownImage) });
        break;
      case "testimonials":
        blocks.push({
          id: block.id,
          type: "testimonials",
          items: (s as BlockSettings<"testimonials">).items.map(({ quote, name, role, photo }) => ({
            quote,
            name,
            role,
            photo: coverPhotoUrl(photo),
          })),
        });
        break;
      case "checkout": {
        const found = await courseOf((s as BlockSettings<"checkout">).course_id);
        if (found) blocks.push({ id: block.id, type: "checkout", course: found.course });
        break;
      }
      case "bio": {
        const { photo, ...bio } = s as BlockSettings<"bio">;
        blocks.push({ id: block.id, type: "bio", photo: coverPhotoUrl(photo), ...bio });
        break;
      }
      case "pricing": {
        // A plan whose course is not (or no longer) public is left out; its price changes expire the cached page.
        const plans: ShownPlan[] = [];
        for (const plan of (s as BlockSettings<"pricing">).plans) {
          const found = plan.course_id === undefined ? null : await courseOf(plan.course_id);
          if (plan.course_id !== undefined && !found) continue;
          if (found) expireAt(found.changesAt);
          plans.push({
            name: plan.name,
            course: found?.course ?? null,
            priceText: found ? "" : plan.price_text,
            features: plan.features,
            buttonLabel: plan.button_label,
            buttonUrl: found ? "" : plan.button_url,
            highlighted: plan.highlighted,
          });
        }
        if (plans.length > 0) blocks.push({ id: block.id, type: "pricing", plans });
        break;
      }
      case "lead_form": {
        // A form deleted since shows nothing (the block stays in the builder, to be changed or removed).
        const form = await findLeadForm(db, (s as BlockSettings<"lead_form">).form_id).catch((error: unknown) => {
          if (error instanceof AppError && error.code === "not_found") return null;
          throw error;
        });
        if (form) blocks.push({ id: block.id, type: "lead_form", form: publicLeadForm(form) });
        break;
      }
      case "countdown": {
        const c = s as BlockSettings<"countdown">;
        const found = c.mode === "promo" ? await courseOf(c.course_id) : null;
        if (c.mode === "promo" && !found) break;
        if (found) expireAt(found.changesAt);
        blocks.push({
          id: block.id,
          type: "countdown",
          mode: c.mode,
          endsAt: found?.course.price.promo_cents !== null ? (found?.course.price.promo_ends_at ?? null) : null,
          minutes: c.mode === "evergreen" ? (c.minutes ?? null) : null,
          course: found?.course ?? null,
          expiredText: c.expired_text,
          bgColor: c.bg_color,
          textColor: c.text_color,
          customClasses: c.custom_classes,
        });
        break;
      }
    }
  }
  return { page: pageView(row), blocks, changesAt };
}
