// What a block's settings point at must exist, checked when the block is saved: an image whose upload arrived, a
// course for the checkout button, and for a countdown a real end (issue 16: EU law forbids false urgency, so the
// builder refuses a countdown that ends in nothing): the course's promotion must have a price and an end still
// to come (the price changes on the server at that moment), or the evergreen deadline must have a length.
import type { Db } from "#platform/db/connection.ts";
import { fieldError } from "../errors.ts";
import type { BlockSettings, BlockType } from "./schemas.ts";

export async function checkBlockReferences<T extends BlockType>(
  db: Db,
  type: T,
  settings: BlockSettings<T>,
  now: string,
): Promise<void> {
  if (type === "image") {
    const { image } = settings as BlockSettings<"image">;
    const upload = await db
      .selectFrom("uploads")
      .select("id")
      .where("storage_key", "=", image)
      .where("status", "=", "stored")
      .executeTakeFirst();
    if (!upload) throw fieldError("settings.image", "authoring:image_not_uploaded");
  }
  if (type === "checkout") {
    const { course_id } = settings as BlockSettings<"checkout">;
    const course = await db.selectFrom("courses").select("id").where("id", "=", course_id).executeTakeFirst();
    if (!course) throw fieldError("settings.course_id", "pages:course_unknown");
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
