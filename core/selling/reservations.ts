// Limited stock, held per transaction: a promotional package (products.promo_limit, never oversold: a
// conditional increment that one writer wins on SQLite and PostgreSQL alike) and a promo code's use. Both are
// taken in the checkout's transaction and given back when the transaction fails, is canceled or errs.
import { sql } from "kysely";
import { releasePromoCodeUse } from "#core/promo/redeem-promo-code.ts";
import type { Db } from "#platform/db/connection.ts";
import type { Transaction } from "#platform/db/schema.ts";

/** Takes `quantity` promotional packages; false when fewer are left. Unlimited promotions always succeed. */
export async function reservePromoPackages(db: Db, productId: number, quantity: number): Promise<boolean> {
  const result = await db
    .updateTable("products")
    .set({ promo_sold: sql`promo_sold + ${quantity}` })
    .where("id", "=", productId)
    .where((eb) => eb.or([eb("promo_limit", "<", 0), eb(sql`promo_sold + ${quantity}`, "<=", eb.ref("promo_limit"))]))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  return true;
}

/** Gives back what a transaction held. Call in the same transaction that moves it to a failure status. */
export async function releaseReservations(
  db: Db,
  transaction: Pick<Transaction, "product_id" | "quantity" | "promo_package" | "promo_code_id">,
): Promise<void> {
  if (transaction.promo_package) {
    await db
      .updateTable("products")
      .set({
        promo_sold: sql`CASE WHEN promo_sold >= ${transaction.quantity} THEN promo_sold - ${transaction.quantity} ELSE 0 END`,
      })
      .where("id", "=", transaction.product_id)
      .execute();
  }
  if (transaction.promo_code_id !== null) await releasePromoCodeUse(db, transaction.promo_code_id);
}
