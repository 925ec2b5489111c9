// The unlock mails that time brings (drip release), found by the learning.drip schedule with an injectable
// `now`: every student with access to a course that has drip rules, whose section or lecture opened within the
// last DRIP_LOOKBACK_MS (so slots missed while no worker ran are made up, and a rule added long after the
// unlock mails nobody), and after their access began (content open from the start is not news). A section that
// opens is one mail, whatever the number of its lectures; a lecture opening later on its own rule is another.
// Members without an access row of their own are not mailed (the scan reads course_access only).
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { lectureUnlockMs, ruleUnlockMs, hasDrip } from "./drip-rules.ts";
import { loadCurriculum } from "./load-curriculum.ts";
import { type DripNotice, queueDripNotice } from "./queue-drip-notice.ts";

export const DRIP_LOOKBACK_MS = 24 * 60 * 60 * 1000;

async function drippedCourses(db: Db): Promise<number[]> {
  const bySection = await db
    .selectFrom("course_sections as s")
    .innerJoin("courses as c", "c.id", "s.course_id")
    .select("s.course_id")
    .where("c.status", "!=", "draft")
    .where((eb) => eb.or([eb("s.drip_days", "is not", null), eb("s.drip_at", "is not", null)]))
    .distinct()
    .execute();
  const byLecture = await db
    .selectFrom("lectures as l")
    .innerJoin("course_sections as s", "s.id", "l.section_id")
    .innerJoin("courses as c", "c.id", "s.course_id")
    .select("s.course_id")
    .where("c.status", "!=", "draft")
    .where((eb) => eb.or([eb("l.drip_days", "is not", null), eb("l.drip_at", "is not", null)]))
    .distinct()
    .execute();
  return [...new Set([...bySection, ...byLecture].map((row) => row.course_id))];
}

/** The unlocks due at `now` (pure over what was read): one notice per student and section or lecture. */
export function dueUnlocks(
  curriculum: Awaited<ReturnType<typeof loadCurriculum>>,
  students: { user_id: number; course_id: number; starts_at: string }[],
  timeZone: string,
  now: string,
): DripNotice[] {
  const nowMs = Date.parse(now);
  const notices = new Map<string, DripNotice>();
  for (const student of students) {
    const startMs = Date.parse(student.starts_at);
    for (const section of curriculum) {
      if (section.course_id !== student.course_id) continue;
      const sectionMs = ruleUnlockMs(section.drip, student.starts_at, timeZone);
      for (const lecture of section.lectures) {
        if (lecture.status !== "published" || (!hasDrip(section.drip) && !hasDrip(lecture.drip.lecture))) continue;
        const unlock = lectureUnlockMs(section.drip, lecture.drip.lecture, student.starts_at, timeZone);
        if (!Number.isFinite(unlock) || unlock <= startMs || unlock > nowMs || unlock <= nowMs - DRIP_LOOKBACK_MS)
          continue;
        const own = unlock > sectionMs;
        const unit = own ? "lecture" : "section";
        const unitId = own ? lecture.id : section.id;
        const key = `${student.user_id} ${unit} ${unitId}`;
        if (notices.has(key)) continue;
        notices.set(key, {
          userId: student.user_id,
          courseId: student.course_id,
          unit,
          unitId,
          title: own ? lecture.title : section.title,
          lectureId: lecture.id,
          unlockedAt: new Date(unlock).toISOString(),
        });
      }
    }
  }
  return [...notices.values()];
}

export async function scanDripUnlocks(db: Db, now = nowIso()): Promise<{ queued: number }> {
  const courseIds = await drippedCourses(db);
  if (courseIds.length === 0) return { queued: 0 };
  const [curriculum, students, school] = await Promise.all([
    loadCurriculum(db, courseIds),
    db
      .selectFrom("course_access")
      .select(["user_id", "course_id", "starts_at"])
      .where("course_id", "in", courseIds)
      .where("revoked_at", "is", null)
      .where("starts_at", "<=", now)
      .where((eb) => eb.or([eb("ends_at", "is", null), eb("ends_at", ">", now)]))
      .execute(),
    db.selectFrom("school").select("time_zone").executeTakeFirst(),
  ]);
  let queued = 0;
  for (const notice of dueUnlocks(curriculum, students, school?.time_zone ?? "UTC", now))
    if (await queueDripNotice(db, notice, now)) queued += 1;
  return { queued };
}
