// /home/surveys: the admin's list of surveys, newest first, with where each is attached and how many answered.
import type { Db } from "#platform/db/connection.ts";
import type { SurveyPlacement } from "#platform/db/schema.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { canManageSurveys } from "./policies.ts";

export type SurveyListItem = {
  id: number;
  title: string;
  placement: SurveyPlacement;
  course_title: string | null;
  lecture_title: string | null;
  product_title: string | null;
  responses: number;
  created_at: string;
};

export async function listSurveys(db: Db, actor: Actor): Promise<SurveyListItem[]> {
  authorize(actor, canManageSurveys(actor));
  const rows = await db
    .selectFrom("surveys as s")
    .leftJoin("courses as c", "c.id", "s.course_id")
    .leftJoin("lectures as l", "l.id", "s.lecture_id")
    .leftJoin("products as p", "p.id", "s.product_id")
    .select((eb) => [
      "s.id",
      "s.title",
      "s.placement",
      "s.created_at",
      "c.title as course_title",
      "l.title as lecture_title",
      "p.title as product_title",
      eb
        .selectFrom("survey_responses as r")
        .whereRef("r.survey_id", "=", "s.id")
        .select((sub) => sub.fn.countAll<number>().as("n"))
        .as("responses"),
    ])
    .orderBy("s.id", "desc")
    .execute();
  return rows.map((row) => ({ ...row, responses: Number(row.responses ?? 0) }));
}
