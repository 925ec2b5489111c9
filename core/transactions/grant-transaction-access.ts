// POST /home/transactions/{id}/grant {reason}: the admin gives access by hand (spec §4: "Access can be granted
// ... with a reason"), e.g. when a bank transfer arrived outside the provider. A waiting transaction (NEW,
// PENDING) is completed through the state machine (core/selling/complete-transaction.ts: the same access,
// commission, receipt and invoice as a paid notification); a paid one whose access was denied gets it back.
// The reason is kept in access_note. Anything else (failed, refunded, already granted) is a 409.
import { AppError } from "#core/errors.ts";
import { type CompletionHooks, completeTransaction } from "#core/selling/complete-transaction.ts";
import { successStatuses } from "#core/selling/fail-transaction.ts";
import { grantPurchase } from "#core/selling/grant-purchase.ts";
import { parseInput } from "#core/validation.ts";
import { type Db, nowIso } from "#platform/db/connection.ts";
import { accessStateOf } from "./get-transaction-details.ts";
import { accessDecisionSchema } from "./schemas.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { pathId } from "../shared/path-id.ts";
import { canManageTransactions } from "./policies.ts";

export async function grantTransactionAccess(
  db: Db,
  actor: Actor,
  options: { transactionId: unknown; hooks?: CompletionHooks },
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
    if (!(await completeTransaction(db, transaction.id, options.hooks)))
      throw new AppError("conflict", { messageKey: "transactions:changed_meanwhile" });
    await db
      .updateTable("transactions")
      .set({ access_note: reason, updated_at: nowIso() })
      .where("id", "=", transaction.id)
      .execute();
    return;
  }
  if (state !== "denied") throw new AppError("conflict", { messageKey: "transactions:cannot_grant" });
  await db.transaction().execute(async (trx) => {
    const now = nowIso();
    const moved = await trx
      .updateTable("transactions")
      .set({ access_granted_at: now, access_note: reason, updated_at: now })
      .where("id", "=", transaction.id)
      .where("status", "in", successStatuses)
      .where("access_granted_at", "is", null)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1)
      throw new AppError("conflict", { messageKey: "transactions:changed_meanwhile" });
    const product = await trx
      .selectFrom("products")
      .selectAll()
      .where("id", "=", transaction.product_id)
      .executeTakeFirstOrThrow();
    await grantPurchase(trx, transaction, product);
    // A team purchase's seats taken before the denial come back with it.
    if (product.kind === "course" && product.course_id !== null && transaction.quantity > 1) {
      await regrantSeats(trx, transaction.id, product.course_id);
    }
  });
}

async function regrantSeats(db: Db, transactionId: number, courseId: number): Promise<void> {
  const seats = await db
    .selectFrom("invitations as i")
    .innerJoin("course_access as a", (join) =>
      join.onRef("a.user_id", "=", "i.user_id").on("a.course_id", "=", courseId),
    )
    .select(["a.id"])
    .where("i.parent_transaction_id", "=", transactionId)
    .where("i.status", "=", "accepted")
    .where("a.source", "=", "invitation")
    .where("a.revoked_at", "is not", null)
    .execute();
  if (seats.length === 0) return;
  await db
    .updateTable("course_access")
    .set({ revoked_at: null, reason: "" })
    .where(
      "id",
      "in",
      seats.map((seat) => seat.id),
    )
    .execute();
}
