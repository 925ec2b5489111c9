// What a block's settings point at must exist, checked when the block is saved: an image whose upload arrived, a
// course for the checkout button, and for a countdown a real end (issue 16: EU law forbids false urgency, so the
// builder refuses a countdown that ends in nothing): the course's promotion must have a price and an end still
// to come (the price changes on the server at that moment), or the evergreen deadline must have a length. Every
// image of a carousel, a before/after pair, a gallery, a testimonial's and the bio's photo must have arrived too, and every
// course a pricing plan names must exist.
import type { Db } from "#platform/db/connection.ts";
import { fieldError } from "../errors.ts";
import type { BlockSettings, BlockType } from "./schemas.ts";

/** The images a block shows, each with the settings field a refusal names. */
function imagesOf<T extends BlockType>(type: T, settings: BlockSettings<T>): { field: string; key: string }[] {
  switch (type) {
    case "image":
      return [{ field: "image", key: (settings as BlockSettings<"image">).image }];
    case "carousel":
      return (settings as BlockSettings<"carousel">).slides.map((s, i) => ({
        field: `slides.${i}.image`,
        key: s.image,
      }));
    case "gallery":
      return (settings as BlockSettings<"gallery">).images.map((s, i) => ({
        field: `images.${i}.image`,
        key: s.image,
      }));
    case "before_after": {
      const { before, after } = settings as BlockSettings<"before_after">;
      return [
        { field: "before", key: before },
        { field: "after", key: after },
      ];
    }
    case "testimonials":
      return (settings as BlockSettings<"testimonials">).items.flatMap((item, i) =>
        item.photo ? [{ field: `items.${i}.photo`, key: item.photo }] : [],
      );
    case "bio": {
      const { photo } = settings as BlockSettings<"bio">;
      return photo ? [{ field: "photo", key: photo }] : [];
    }
    default:
      return [];
  }
}

export async function checkBlockReferences<T extends BlockType>(
  db: Db,
  type: T,
  settings: BlockSettings<T>,
  now: string,
): Promise<void> {
  const images = imagesOf(type, settings);
  if (images.length > 0) {
    const arrived = await db
      .selectFrom("uploads")
      .select("storage_key")
      .where("storage_key", "in", [...new Set(images.map((i) => i.key))])
      .where("status", "=", "stored")
      .execute();
    const stored = new Set(arrived.map((row) => row.storage_key));
    const missing = images.find((i) => !stored.has(i.key));
    if (missing) throw fieldError(`settings.${missing.field}`, "authoring:image_not_uploaded");
  }
  if (type === "checkout") {
    const { course_id } = settings as BlockSettings<"checkout">;
    const course = await db.selectFrom("courses").select("id").where("id", "=", course_id).executeTakeFirst();
    if (!course) throw fieldError("settings.course_id", "pages:course_unknown");
  }
  if (type === "pricing") {
    const plans = (settings as BlockSettings<"pricing">).plans;
    const ids = [...new Set(plans.flatMap((plan) => (plan.course_id === undefined ? [] : [plan.course_id])))];
    if (ids.length > 0) {
      const found = await db.selectFrom("courses").select("id").where("id", "in", ids).execute();
      const known = new Set(found.map((row) => row.id));
      const index = plans.findIndex((plan) => plan.course_id !== undefined && !known.has(plan.course_id));
      if (index >= 0) throw fieldError(`settings.plans.${index}.course_id`, "pages:course_unknown");
    }
  }
  if (type === "lead_form") {
    const { form_id } = settings as BlockSettings<"lead_form">;
    const form = await db.selectFrom("lead_forms").select("id").where("id", "=", form_id).executeTakeFirst();
    if (!form) throw fieldError("settings.form_id", "pages:form_unknown");
  }
  if (type === "countdown") {
    const countdown = settings as BlockSettings<"countdown">;
    if (countdown.mode !== "promo" || countdown.course_id === undefined) return;
    const course = await db
      .selectFrom("courses")
      .select(["promo_price_cents", "promo_ends_at"])
      .where("id", "=", countdown.course_id)
      .executeTakeFirst();
    if (!course) throw fieldError("settings.course_id", "pages:course_unknown");
    if (course.promo_price_cents === null || !course.promo_ends_at || course.promo_ends_at <= now)
      throw fieldError("settings.course_id", "pages:countdown_no_end");
  }
}
