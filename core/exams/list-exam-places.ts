// What the admin's builder offers an exam to belong to: the courses, and the products other than courses'.
import type { Db } from "#platform/db/connection.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { canManageExams } from "./policies.ts";

export type ExamPlaces = { courses: { id: number; title: string }[]; products: { id: number; title: string }[] };

export async function listExamPlaces(db: Db, actor: Actor): Promise<ExamPlaces> {
  authorize(actor, canManageExams(actor));
  const [courses, products] = await Promise.all([
    db.selectFrom("courses").select(["id", "title"]).orderBy("title").orderBy("id").execute(),
    db
      .selectFrom("products")
      .select(["id", "title"])
      .where("kind", "!=", "course")
      .orderBy("title")
      .orderBy("id")
      .execute(),
  ]);
  return { courses, products };
}
