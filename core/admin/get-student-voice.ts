// The dashboard's 'voice of the student' (issue 17, item 1): the latest survey answers, the latest reasons members
// gave for cancelling, and the latest reviews, a few of each, each linking to its full screen. One small query per
// list, each ordered by an indexed time (migration 0028) and limited, so the dashboard stays cheap.
import type { Db } from "#platform/db/connection.ts";
import type { CancellationReason, ReviewStatus } from "#platform/db/schema.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { canViewDashboard } from "./policies.ts";

export const VOICE_LIMIT = 5;

export type StudentVoice = {
  surveyAnswers: { id: number; survey_id: number; survey_title: string; name: string; responded_at: string }[];
  cancellations: {
    id: number;
    membership_id: number;
    name: string;
    reason: CancellationReason;
    other_reason: string;
    answered_at: string;
  }[];
  reviews: {
    id: number;
    course_title: string;
    first_name: string;
    rating: number;
    title: string;
    status: ReviewStatus;
    created_at: string;
  }[];
};

export async function getStudentVoice(db: Db, actor: Actor): Promise<StudentVoice> {
  authorize(actor, canViewDashboard(actor));
  const [surveyAnswers, cancellations, reviews] = await Promise.all([
    db
      .selectFrom("survey_responses as r")
      .innerJoin("surveys as s", "s.id", "r.survey_id")
      .innerJoin("users as u", "u.id", "r.user_id")
      .select(["r.id", "r.survey_id", "s.title as survey_title", "u.name", "r.responded_at"])
      .orderBy("r.responded_at", "desc")
      .orderBy("r.id", "desc")
      .limit(VOICE_LIMIT)
      .execute(),
    db
      .selectFrom("membership_cancellations as m")
      .innerJoin("users as u", "u.id", "m.user_id")
      .select(["m.id", "m.membership_id", "u.name", "m.reason", "m.other_reason", "m.answered_at"])
      // Closed unanswered, a cancellation says nothing: only the answered ones (answered_at set with the reason).
      .where("m.answered_at", "is not", null)
      .orderBy("m.answered_at", "desc")
      .orderBy("m.id", "desc")
      .limit(VOICE_LIMIT)
      .execute(),
    db
      .selectFrom("reviews as v")
      .innerJoin("courses as c", "c.id", "v.course_id")
      .select(["v.id", "c.title as course_title", "v.first_name", "v.rating", "v.title", "v.status", "v.created_at"])
      .orderBy("v.created_at", "desc")
      .orderBy("v.id", "desc")
      .limit(VOICE_LIMIT)
      .execute(),
  ]);
  return {
    surveyAnswers,
    cancellations: cancellations.map((row) => ({
      ...row,
      reason: row.reason ?? "other",
      answered_at: row.answered_at ?? "",
    })),
    reviews,
  };
}
