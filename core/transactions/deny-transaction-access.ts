// POST /home/transactions/{id}/deny {reason}: the admin refuses access (spec §4: "Access can be granted or
// denied with a reason"). A paid transaction keeps its status (the money record stands; a refund is recorded
// separately) but loses the access it gave (revoke-purchase-access.ts) and its access_granted_at, which is what
// marks it denied; a waiting one is canceled (core/selling/fail-transaction.ts gives back what it held). The
// reason is kept in access_note. Anything else is a 409.
import { AppError } from "#core/errors.ts";
import { failTransaction, successStatuses } from "#core/selling/fail-transaction.ts";
import { parseInput } from "#core/validation.ts";
import { type Db, nowIso } from "#platform/db/connection.ts";
import { accessStateOf } from "./get-transaction-details.ts";
import { revokePurchaseAccess } from "./revoke-purchase-access.ts";
import { accessDecisionSchema } from "./schemas.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { pathId } from "../shared/path-id.ts";
import { canManageTransactions } from "./policies.ts";

export async function denyTransactionAccess(
  db: Db,
  actor: Actor,
  options: { transactionId: unknown },
  input: unknown,
): Promise<void> {
  // The refusal first, whatever the id (401 / 403); then a malformed id is a 404.
  authorize(actor, canManageTransactions(actor));
  const transactionId = pathId(options.transactionId);
  const { reason } = parseInput(accessDecisionSchema, input);
  const transaction = await db
    .selectFrom("transactions")
    .selectAll()
    .where("id", "=", transactionId)
    .executeTakeFirst();
  if (!transaction) throw new AppError("not_found");
  const state = accessStateOf(transaction);
  if (state === "waiting") {
    if (!(await failTransaction(db, transaction.id, "CANCELED", reason)))
      throw new AppError("conflict", { messageKey: "transactions:changed_meanwhile" });
    await db
      .updateTable("transactions")
      .set({ access_note: reason, updated_at: nowIso() })
      .where("id", "=", transaction.id)
      .execute();
    return;
  }
  if (state !== "granted") throw new AppError("conflict", { messageKey: "transactions:cannot_deny" });
  await db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable("transactions")
      .set({ access_granted_at: null, access_note: reason, updated_at: nowIso() })
      .where("id", "=", transaction.id)
      .where("status", "in", successStatuses)
      .where("access_granted_at", "is not", null)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1)
      throw new AppError("conflict", { messageKey: "transactions:changed_meanwhile" });
    const product = await trx
      .selectFrom("products")
      .select(["id", "kind", "course_id"])
      .where("id", "=", transaction.product_id)
      .executeTakeFirstOrThrow();
    await revokePurchaseAccess(trx, transaction, product, reason);
  });
}
