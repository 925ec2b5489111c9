// An admin deletes a promo code (DELETE /home/promo-codes/{id}). A code that transactions used stays, for
// their history (what discount a buyer got and why): it is deactivated instead, by ending it now, and the
// answer says so.
import { AppError } from "#core/errors.ts";
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { canManagePromoCodes } from "./policies.ts";
import { pathId } from "../shared/path-id.ts";

export type PromoCodeRemoval = "deleted" | "deactivated";

export async function deletePromoCode(db: Db, actor: Actor, idInput: unknown): Promise<PromoCodeRemoval> {
  // The refusal first, whatever the id (401 / 403); then a malformed id is a 404.
  authorize(actor, canManagePromoCodes(actor));
  const id = pathId(idInput);
  return db.transaction().execute(async (trx) => {
    const promo = await trx
      .selectFrom("promo_codes")
      .select(["id", "starts_at", "ends_at"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!promo) throw new AppError("not_found");
    const used = await trx
      .selectFrom("transactions")
      .select("id")
      .where("promo_code_id", "=", id)
      .limit(1)
      .executeTakeFirst();
    if (!used) {
      await trx.deleteFrom("promo_codes").where("id", "=", id).execute();
      return "deleted";
    }
    const now = nowIso();
    // Ended now; a code that had not started yet starts now too, so that its end is not before its start.
    await trx
      .updateTable("promo_codes")
      .set({
        ends_at: promo.ends_at !== null && promo.ends_at < now ? promo.ends_at : now,
        starts_at: promo.starts_at !== null && promo.starts_at > now ? now : promo.starts_at,
        updated_at: now,
      })
      .where("id", "=", id)
      .execute();
    return "deactivated";
  });
}
