// Reading a survey row into what the use-cases and pages work with: its questions parsed from their JSON text.
import type { Db } from "#platform/db/connection.ts";
import type { SurveyPlacement } from "#platform/db/schema.ts";
import { AppError } from "../errors.ts";
import { questionsSchema, type SurveyQuestion } from "./schemas.ts";

export type SurveyView = {
  id: number;
  title: string;
  description: string;
  questions: SurveyQuestion[];
  placement: SurveyPlacement;
  course_id: number | null;
  lecture_id: number | null;
  product_id: number | null;
};

type SurveyRow = Omit<SurveyView, "questions"> & { questions: string };

const columns = [
  "id",
  "title",
  "description",
  "questions",
  "placement",
  "course_id",
  "lecture_id",
  "product_id",
] as const;

/** Stored questions were checked when saved; a row edited by hand that no longer parses shows no questions. */
export function presentSurvey(row: SurveyRow): SurveyView {
  const parsed = questionsSchema.safeParse(JSON.parse(row.questions));
  return { ...row, questions: parsed.success ? parsed.data : [] };
}

export async function findSurvey(db: Db, id: number): Promise<SurveyView> {
  const row = await db.selectFrom("surveys").select(columns).where("id", "=", id).executeTakeFirst();
  if (!row) throw new AppError("not_found");
  return presentSurvey(row);
}

export async function surveysWhere(
  db: Db,
  where: { placement: SurveyPlacement; course_id?: number; product_ids?: number[] },
): Promise<SurveyView[]> {
  if (where.product_ids?.length === 0) return [];
  let query = db.selectFrom("surveys").select(columns).where("placement", "=", where.placement);
  if (where.course_id !== undefined) query = query.where("course_id", "=", where.course_id);
  if (where.product_ids !== undefined) query = query.where("product_id", "in", where.product_ids);
  return (await query.orderBy("id").execute()).map(presentSurvey);
}

/** The student's answer time and latest postponement of each survey named. */
export async function studentStates(
  db: Db,
  userId: number,
  surveyIds: number[],
): Promise<Map<number, { responded_at: string | null; postponed_at: string | null }>> {
  const states = new Map(
    surveyIds.map((id) => [id, { responded_at: null as string | null, postponed_at: null as string | null }]),
  );
  if (surveyIds.length === 0) return states;
  const [responses, postponements] = await Promise.all([
    db
      .selectFrom("survey_responses")
      .select(["survey_id", "responded_at"])
      .where("user_id", "=", userId)
      .where("survey_id", "in", surveyIds)
      .execute(),
    db
      .selectFrom("survey_postponements")
      .select(["survey_id", "postponed_at"])
      .where("user_id", "=", userId)
      .where("survey_id", "in", surveyIds)
      .execute(),
  ]);
  for (const row of responses) states.get(row.survey_id)!.responded_at = row.responded_at;
  for (const row of postponements) states.get(row.survey_id)!.postponed_at = row.postponed_at;
  return states;
}
