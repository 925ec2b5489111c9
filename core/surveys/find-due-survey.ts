// The survey due for a student where they are (spec §4): in the student area, or on a course's watch page. Due:
// attached there (in the student area also the surveys of the products the student holds), reached (survey-reach.ts), not answered, and not postponed within the last 24 h. The clock is a
// parameter (`now`), so tests move it instead of waiting. The oldest due survey shows first, one at a time.
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { type Actor, isSignedIn } from "../shared/actor.ts";
import { activeAccess } from "../products/product-access.ts";
import { isSurveyDue } from "./policies.ts";
import { reachesSurvey } from "./survey-reach.ts";
import { studentStates, surveysWhere, type SurveyView } from "./survey-records.ts";

export type SurveyPlace = { area: "student" } | { area: "course"; course_id: number };

async function heldProductIds(db: Db, userId: number, now: string): Promise<number[]> {
  const rows = await activeAccess(db, userId, now).select("a.product_id").execute();
  return rows.map((row) => row.product_id);
}

export async function findDueSurvey(
  db: Db,
  actor: Actor,
  place: SurveyPlace,
  now = nowIso(),
): Promise<SurveyView | null> {
  // Admins preview surveys from the admin area; the modal is for students.
  if (!isSignedIn(actor) || actor.kind === "admin") return null;
  const candidates =
    place.area === "student"
      ? [
          ...(await surveysWhere(db, { placement: "student_area" })),
          ...(await surveysWhere(db, {
            placement: "product",
            product_ids: await heldProductIds(db, actor.userId, now),
          })),
        ].sort((a, b) => a.id - b.id)
      : [
          ...(await surveysWhere(db, { placement: "course_lecture", course_id: place.course_id })),
          ...(await surveysWhere(db, { placement: "course_completion", course_id: place.course_id })),
        ].sort((a, b) => a.id - b.id);
  if (candidates.length === 0) return null;
  const states = await studentStates(
    db,
    actor.userId,
    candidates.map((survey) => survey.id),
  );
  for (const survey of candidates) {
    if (!isSurveyDue(states.get(survey.id)!, now)) continue;
    if (await reachesSurvey(db, actor, survey)) return survey;
  }
  return null;
}
