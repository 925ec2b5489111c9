// The team purchases a student made (courses bought with quantity above 1), for the student area's link to each
// course's access manager: without it the buyer would only reach it from the payment status page. The access
// manager's policy answers first (canManageTeamPurchases: a visitor is asked to log in); only one's own are listed.
import type { Db } from "#platform/db/connection.ts";
import { type Actor, authorizeUser } from "../shared/actor.ts";
import { canManageTeamPurchases } from "./policies.ts";

export type MyTeamPurchase = { courseId: number; title: string; seats: number };

export async function listMyTeamPurchases(db: Db, actor: Actor): Promise<MyTeamPurchase[]> {
  const { userId } = authorizeUser(actor, canManageTeamPurchases(actor));
  const rows = await db
    .selectFrom("transactions as t")
    .innerJoin("products as p", "p.id", "t.product_id")
    .innerJoin("courses as c", "c.id", "p.course_id")
    .select(["c.id as courseId", "c.title", (eb) => eb.fn.sum<number>("t.quantity").as("seats")])
    .where("t.user_id", "=", userId)
    .where("p.kind", "=", "course")
    .where("t.quantity", ">", 1)
    .where("t.status", "in", ["PERFORMED", "CLEARED", "ACCESS_GRANTED"])
    .where("t.access_granted_at", "is not", null)
    .groupBy(["c.id", "c.title"])
    .orderBy("c.title")
    .execute();
  return rows.map((row) => ({ courseId: row.courseId, title: row.title, seats: Number(row.seats) }));
}
