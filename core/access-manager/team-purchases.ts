// Team purchases (a course bought with quantity above 1, spec §2 course access manager, §9 invitations left):
// which of them a user may manage. The buyer manages their own; an admin manages every one. Anyone else's
// transaction, another course's, or a single-seat purchase is "not found" (404), never "forbidden".
// Seats can be handed out while the purchase is paid (a success status) and its access stands: an admin's
// denial (core/transactions/deny-transaction-access.ts) clears access_granted_at, a refund moves the status.
import type { Db } from "#platform/db/connection.ts";
import type { TransactionStatus } from "#platform/db/schema.ts";
import { successStatuses } from "#core/selling/fail-transaction.ts";
import { type Actor, authorizeUser, type SignedInActor } from "../shared/actor.ts";
import { canManageEveryTeamPurchase, canManageTeamPurchases } from "./policies.ts";

export type TeamPurchase = {
  id: number;
  user_id: number;
  buyer_name: string;
  buyer_email: string;
  quantity: number;
  status: TransactionStatus;
  access_granted_at: string | null;
  created_at: string;
  /** invitations sent or accepted: each holds a seat */
  used: number;
  /** §9: quantity minus invitations used */
  left: number;
};

/** Who manages: a signed-in actor (use authorizeManager() to get one). */
export type Manager = SignedInActor;

/** The access manager's first step: a visitor is asked to log in (401); anyone signed in goes on. */
export function authorizeManager(actor: Actor): Manager {
  return authorizeUser(actor, canManageTeamPurchases(actor));
}

/** The buyer's own purchases only, unless the policy lets the manager see every buyer's. */
export function managesEveryPurchase(manager: Manager): boolean {
  return canManageEveryTeamPurchase(manager);
}

function teamPurchases(db: Db, manager: Manager, courseId: number) {
  let query = db
    .selectFrom("transactions as t")
    .innerJoin("products as p", "p.id", "t.product_id")
    .select([
      "t.id",
      "t.user_id",
      "t.buyer_name",
      "t.buyer_email",
      "t.quantity",
      "t.status",
      "t.access_granted_at",
      "t.created_at",
      (eb) =>
        eb
          .selectFrom("invitations")
          .select((e) => e.fn.countAll<number>().as("n"))
          .whereRef("invitations.parent_transaction_id", "=", "t.id")
          .as("used"),
    ])
    .where("p.kind", "=", "course")
    .where("p.course_id", "=", courseId)
    .where("t.quantity", ">", 1);
  if (!managesEveryPurchase(manager)) query = query.where("t.user_id", "=", manager.userId);
  return query;
}

function toPurchase(row: Omit<TeamPurchase, "used" | "left"> & { used: number | null }): TeamPurchase {
  const used = Number(row.used ?? 0);
  return { ...row, used, left: Math.max(0, row.quantity - used) };
}

/** The paid team purchases of a course the user may manage, newest first. */
export async function listTeamPurchases(db: Db, manager: Manager, courseId: number): Promise<TeamPurchase[]> {
  const rows = await teamPurchases(db, manager, courseId)
    .where("t.status", "in", successStatuses)
    .where("t.access_granted_at", "is not", null)
    .orderBy("t.created_at", "desc")
    .orderBy("t.id", "desc")
    .execute();
  return rows.map(toPurchase);
}

/** One team purchase of the course the user may manage, whatever its status; otherwise 404. */
export async function findTeamPurchase(
  db: Db,
  manager: Manager,
  courseId: number,
  transactionId: number,
): Promise<TeamPurchase | null> {
  const row = await teamPurchases(db, manager, courseId).where("t.id", "=", transactionId).executeTakeFirst();
  return row ? toPurchase(row) : null;
}

/** True while the purchase's seats may be handed out and taken: paid, and its access not denied. */
export function seatsActive(purchase: { status: TransactionStatus; access_granted_at: string | null }): boolean {
  return (
    (successStatuses as readonly TransactionStatus[]).includes(purchase.status) && purchase.access_granted_at !== null
  );
}
