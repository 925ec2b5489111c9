// The lecture a progress call (watch, notes, star, complete) is about, if the user may watch it: an unknown
// lecture, a draft, a lecture of a course the user may not see, or one behind a login or a purchase the user
// has not made all answer 404, like another user's object (no hint that it exists). So does a lecture still
// locked by its drip release (drip-rules.ts): it cannot be completed, noted, starred or discussed before it opens.
import { AppError } from "#core/errors.ts";
import type { Db } from "#platform/db/connection.ts";
import { prepared } from "#platform/db/prepared.ts";
import { defineCache } from "#platform/cache/cache.ts";
import type { User } from "#platform/db/schema.ts";
import { hasCourseAccess } from "./course-access.ts";
import { hasDrip } from "./drip-rules.ts";
import { dripContext, dripOf } from "./drip-viewer.ts";
import { courseVisible, lectureVisible, resolveWatchViewer, watchGate } from "./watch-rules.ts";

export type WatchableLecture = { lectureId: number; courseId: number };

// Every progress and discussion call runs this lookup first: compiled once (platform/db/prepared.ts), and the
// answer kept per process. Any write to lectures, sections or courses here empties the copies at once
// (platform/cache/cache.ts); a change made by another process shows within LECTURE_MEMO_MS. An unknown
// lecture is never kept (it may be created by another process any moment).
export const LECTURE_MEMO_MS = 2000;

const lectureWithCourseQuery = prepared((db, p: { lectureId: number }) =>
  db
    .selectFrom("lectures as l")
    .innerJoin("course_sections as s", "s.id", "l.section_id")
    .innerJoin("courses as c", "c.id", "s.course_id")
    .where("l.id", "=", p.lectureId)
    .select(["l.id", "l.access", "l.status", "c.id as course_id", "c.status as course_status"])
    .select(["l.drip_days", "l.drip_at", "s.drip_days as section_drip_days", "s.drip_at as section_drip_at"]),
);

const lecturesWithCourse = defineCache({
  name: "watchable-lectures",
  tables: ["lectures", "course_sections", "courses"],
  maxAgeMs: LECTURE_MEMO_MS,
  maxEntries: 10_000,
  load: async (db, lectureId: number) => (await lectureWithCourseQuery(db, { lectureId }))[0],
  keep: (row) => row !== undefined,
});

export async function findWatchableLecture(
  db: Db,
  options: { lectureId: number; user: Pick<User, "id" | "role"> },
): Promise<WatchableLecture> {
  if (!Number.isSafeInteger(options.lectureId) || options.lectureId <= 0) throw new AppError("not_found");
  const row = await lecturesWithCourse.get(db, options.lectureId);
  if (!row) throw new AppError("not_found");
  const hasAccess = await hasCourseAccess(db, options.user, row.course_id);
  const viewer = resolveWatchViewer(options.user, { hasAccess, previewAsStudent: false });
  if (
    !courseVisible(row.course_status, viewer) ||
    !lectureVisible(row.status, viewer) ||
    watchGate(row.access, viewer) !== "allowed"
  ) {
    throw new AppError("not_found");
  }
  const section = { drip_days: row.section_drip_days, drip_at: row.section_drip_at };
  if (hasDrip(section) || hasDrip(row)) {
    const context = await dripContext(db, options.user, viewer, row.course_id);
    if (dripOf(context, section, row).locked) throw new AppError("not_found");
  }
  return { lectureId: row.id, courseId: row.course_id };
}
