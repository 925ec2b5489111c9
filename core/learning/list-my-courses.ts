// The student's courses on /my: every course they have access to now (not revoked, started, not ended; drafts
// left out), and after them the courses their memberships open, with their progress percentage and the lecture they resume at. The learning policy answers first
// (canListOwnCourses: a visitor is asked to log in).
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { type Actor, authorizeUser } from "../shared/actor.ts";
import { loadCurriculum } from "./load-curriculum.ts";
import { canListOwnCourses } from "./policies.ts";
import { coursesOpenedByMemberships } from "#core/memberships/membership-access.ts";
import {
  chooseResumeLecture,
  lastViewedLecture,
  lectureVisible,
  progressPercent,
  resolveWatchViewer,
  watchGate,
} from "./watch-rules.ts";

export type MyCourse = { id: number; slug: string; title: string; percent: number; resumeLectureId: number | null };

export async function listMyCourses(db: Db, actor: Actor): Promise<MyCourse[]> {
  const { userId, kind } = authorizeUser(actor, canListOwnCourses(actor));
  const now = nowIso();
  const courses = await db
    .selectFrom("course_access as a")
    .innerJoin("courses as c", "c.id", "a.course_id")
    .where("a.user_id", "=", userId)
    .where("a.revoked_at", "is", null)
    .where("a.starts_at", "<=", now)
    .where((eb) => eb.or([eb("a.ends_at", "is", null), eb("a.ends_at", ">", now)]))
    .where("c.status", "!=", "draft")
    .select(["c.id", "c.slug", "c.title"])
    .orderBy("a.created_at", "desc")
    .orderBy("a.id", "desc")
    .execute();
  const listed = new Set(courses.map((course) => course.id));
  const byMembership = (await coursesOpenedByMemberships(db, userId, now)).filter((id) => !listed.has(id));
  if (byMembership.length > 0)
    courses.push(
      ...(await db
        .selectFrom("courses as c")
        .select(["c.id", "c.slug", "c.title"])
        .where("c.id", "in", byMembership)
        .where("c.status", "!=", "draft")
        .orderBy("c.title")
        .execute()),
    );
  if (courses.length === 0) return [];
  const ids = courses.map((course) => course.id);
  const [curriculum, progressRows] = await Promise.all([
    loadCurriculum(db, ids),
    db
      .selectFrom("lecture_progress")
      .select(["lecture_id", "last_viewed_at", "completed_at"])
      .where("user_id", "=", userId)
      .where("course_id", "in", ids)
      .execute(),
  ]);
  const progressOf = new Map(progressRows.map((row) => [row.lecture_id, row]));
  // The watch rules read the viewer as a user's role (the actor's kind names the same roles).
  const viewer = resolveWatchViewer({ role: kind }, { hasAccess: true, previewAsStudent: false });
  return courses.map((course) => {
    const ordered = curriculum
      .filter((section) => section.course_id === course.id)
      .flatMap((section) => section.lectures)
      .filter((lecture) => lectureVisible(lecture.status, viewer))
      .map((lecture) => ({ ...lecture, gate: watchGate(lecture.access, viewer) }));
    const published = ordered.filter((lecture) => lecture.status === "published");
    const completed = published.filter((lecture) => progressOf.get(lecture.id)?.completed_at).length;
    const lastViewed = lastViewedLecture(ordered, (id) => progressOf.get(id)?.last_viewed_at);
    return {
      id: course.id,
      slug: course.slug,
      title: course.title,
      percent: progressPercent(completed, published.length),
      resumeLectureId: chooseResumeLecture(ordered, lastViewed),
    };
  });
}
