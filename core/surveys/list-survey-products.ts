// The products the admin's builder offers to sell a survey: every product other than a course's own (as for exams
// sold alone: core/exams/list-exam-places.ts). The product grants access; the survey follows its holders to /my.
import type { Db } from "#platform/db/connection.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { canManageSurveys } from "./policies.ts";

export async function listSurveyProducts(db: Db, actor: Actor): Promise<{ id: number; title: string }[]> {
  authorize(actor, canManageSurveys(actor));
  return db
    .selectFrom("products")
    .select(["id", "title"])
    .where("kind", "!=", "course")
    .orderBy("title")
    .orderBy("id")
    .execute();
}
