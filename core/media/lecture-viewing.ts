// Who may read a lecture's files and play its videos: the watch page's own rules (core/learning/watch-rules.ts,
// spec §6): free lectures for everyone, login-required ones for logged-in users, paid ones for students with
// access to the course; draft lectures and draft courses only for admins; an unpublished course only for the
// students who have access. Admins see everything. The request's actor is handed in by the edge (GET /files/*,
// /videos/:id, /videos/:id/stream); what it may see is decided here. A lecture still locked by its drip release
// (core/learning/drip-rules.ts) keeps its files and videos to itself until it opens.
import type { Db } from "#platform/db/connection.ts";
import { hasCourseAccess } from "../learning/course-access.ts";
import { hasDrip } from "../learning/drip-rules.ts";
import { dripContext, dripOf } from "../learning/drip-viewer.ts";
import { courseVisible, lectureVisible, resolveWatchViewer, watchGate } from "../learning/watch-rules.ts";
import { type Actor, isAdmin, isSignedIn } from "../shared/actor.ts";

export async function canViewLecture(db: Db, actor: Actor, lectureId: number): Promise<boolean> {
  const lecture = await db
    .selectFrom("lectures")
    .innerJoin("course_sections", "course_sections.id", "lectures.section_id")
    .innerJoin("courses", "courses.id", "course_sections.course_id")
    .select([
      "lectures.access",
      "lectures.status as lecture_status",
      "courses.id as course_id",
      "courses.status as course_status",
      "lectures.drip_days",
      "lectures.drip_at",
      "course_sections.drip_days as section_drip_days",
      "course_sections.drip_at as section_drip_at",
    ])
    .where("lectures.id", "=", lectureId)
    .executeTakeFirst();
  if (!lecture) return false;
  // The watch rules read the viewer as a user: its id and role (the actor's kind names the same roles).
  const viewer = isSignedIn(actor) ? { id: actor.userId, role: actor.kind } : null;
  const hasAccess = viewer !== null && !isAdmin(actor) ? await hasCourseAccess(db, viewer, lecture.course_id) : false;
  const watcher = resolveWatchViewer(viewer, { hasAccess, previewAsStudent: false });
  const open =
    courseVisible(lecture.course_status, watcher) &&
    lectureVisible(lecture.lecture_status, watcher) &&
    watchGate(lecture.access, watcher) === "allowed";
  const section = { drip_days: lecture.section_drip_days, drip_at: lecture.section_drip_at };
  if (!open || (!hasDrip(section) && !hasDrip(lecture))) return open;
  const context = await dripContext(db, viewer, watcher, lecture.course_id);
  return !dripOf(context, section, lecture).locked;
}
