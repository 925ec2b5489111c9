// What the plan form offers a plan to open: every course, every product that is not a course's own (a course is
// chosen as the course), and every community topic.
import type { Db } from "#platform/db/connection.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { canManagePlans } from "./policies.ts";

export type PlanKeyOptions = {
  courses: { id: number; title: string }[];
  products: { id: number; title: string }[];
  topics: { id: number; title: string }[];
};

export async function listPlanKeyOptions(db: Db, actor: Actor): Promise<PlanKeyOptions> {
  authorize(actor, canManagePlans(actor));
  const [courses, products, topics] = await Promise.all([
    db.selectFrom("courses").select(["id", "title"]).orderBy("title").orderBy("id").execute(),
    db
      .selectFrom("products")
      .select(["id", "title"])
      .where("kind", "!=", "course")
      .orderBy("title")
      .orderBy("id")
      .execute(),
    db.selectFrom("community_topics").select(["id", "title"]).orderBy("position").orderBy("id").execute(),
  ]);
  return { courses, products, topics };
}
