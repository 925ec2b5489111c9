// GET /home/courses/{courseId}/report (issue 17 item 6): how far each student of a course has got, who is stuck,
// the completion rate and where students drop off. The students are those holding access to the course (not
// revoked) and those who made progress in it (members through a plan hold no access row); admins are left out.
// The page reads one summary row per student (progress grouped by student, the furthest lecture found by a CASE
// over the curriculum's order), so its cost follows the course's students, not their progress rows.
import { sql } from "kysely";
import type { Db } from "#platform/db/connection.ts";
import { AppError } from "../../errors.ts";
import { type Actor, authorize } from "../../shared/actor.ts";
import { pathId } from "../../shared/path-id.ts";
import { canReadCourseReports } from "../policies.ts";
import {
  type CourseFunnel,
  courseFunnel,
  STUCK_DAYS_DEFAULT,
  type StudentProgress,
  type StudentSummary,
  studentProgress,
} from "./funnel.ts";

export type CourseReportQuery = { stuckDays?: number; now?: Date };

export type CourseReport = CourseFunnel & {
  course: { id: number; title: string };
  total_lectures: number;
  stuck_days: number;
  rows: StudentProgress[];
};

async function publishedLectures(db: Db, courseId: number) {
  return db
    .selectFrom("lectures as l")
    .innerJoin("course_sections as s", "s.id", "l.section_id")
    .select(["l.id", "l.title"])
    .where("s.course_id", "=", courseId)
    .where("l.status", "=", "published")
    .orderBy("s.position")
    .orderBy("s.id")
    .orderBy("l.position")
    .orderBy("l.id")
    .execute();
}

async function summaries(db: Db, courseId: number, lectureIds: number[]): Promise<StudentSummary[]> {
  // Literals, not parameters: the ids come from the database, and PostgreSQL cannot type a parameter in THEN.
  const ids = sql.join(lectureIds.map((id) => sql.lit(id)));
  const published = lectureIds.length
    ? sql`case when p.completed_at is not null and p.lecture_id in (${ids}) then 1 else 0 end`
    : sql`0`;
  const whens = lectureIds.map((id, index) => sql`when ${sql.lit(id)} then ${sql.lit(index)}`);
  const order = lectureIds.length
    ? sql`case when p.completed_at is null then null else case p.lecture_id ${sql.join(whens, sql` `)} end end`
    : sql`cast(null as integer)`;
  const progress = await db
    .selectFrom("lecture_progress as p")
    .innerJoin("users as u", "u.id", "p.user_id")
    .select([
      "p.user_id",
      sql<number>`sum(${published})`.as("completed"),
      sql<string | null>`max(p.updated_at)`.as("last_at"),
      sql<number | null>`max(${order})`.as("furthest"),
    ])
    .where("p.course_id", "=", courseId)
    .where("u.role", "!=", "admin")
    .groupBy("p.user_id")
    .execute();
  const access = await db
    .selectFrom("course_access as a")
    .innerJoin("users as u", "u.id", "a.user_id")
    .select(["a.user_id", sql<string>`min(a.starts_at)`.as("since")])
    .where("a.course_id", "=", courseId)
    .where("a.revoked_at", "is", null)
    .where("u.role", "!=", "admin")
    .groupBy("a.user_id")
    .execute();
  const byUser = new Map<number, { completed: number; last: string | null; furthest: number | null }>();
  for (const row of access) byUser.set(row.user_id, { completed: 0, last: row.since, furthest: null });
  for (const row of progress) {
    byUser.set(row.user_id, {
      completed: Number(row.completed ?? 0),
      last: row.last_at,
      furthest: row.furthest === null ? null : Number(row.furthest),
    });
  }
  if (byUser.size === 0) return [];
  const users = await db
    .selectFrom("users")
    .select(["id", "name", "email"])
    .where("id", "in", [...byUser.keys()])
    .execute();
  return users.map((user) => {
    const found = byUser.get(user.id)!;
    return {
      user_id: user.id,
      name: user.name,
      email: user.email,
      completed: found.completed,
      last_activity_at: found.last,
      furthest: found.furthest,
    };
  });
}

async function completionsByLecture(db: Db, courseId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom("lecture_progress as p")
    .innerJoin("users as u", "u.id", "p.user_id")
    .select(["p.lecture_id", (eb) => eb.fn.countAll<number>().as("count")])
    .where("p.course_id", "=", courseId)
    .where("p.completed_at", "is not", null)
    .where("u.role", "!=", "admin")
    .groupBy("p.lecture_id")
    .execute();
  return new Map(rows.map((row) => [row.lecture_id, Number(row.count)]));
}

export async function getCourseReport(
  db: Db,
  actor: Actor,
  courseIdInput: unknown,
  query: CourseReportQuery = {},
): Promise<CourseReport> {
  authorize(actor, canReadCourseReports(actor));
  const courseId = pathId(courseIdInput);
  const course = await db.selectFrom("courses").select(["id", "title"]).where("id", "=", courseId).executeTakeFirst();
  if (!course) throw new AppError("not_found");
  const stuckDays = query.stuckDays ?? STUCK_DAYS_DEFAULT;
  const lectures = await publishedLectures(db, courseId);
  const completions = await completionsByLecture(db, courseId);
  const rows = studentProgress(
    await summaries(
      db,
      courseId,
      lectures.map((lecture) => lecture.id),
    ),
    lectures.length,
    query.now ?? new Date(),
    stuckDays,
  ).sort((a, b) => a.name.localeCompare(b.name) || a.user_id - b.user_id);
  const funnel = courseFunnel(
    lectures.map((lecture) => ({ ...lecture, completed_by: completions.get(lecture.id) ?? 0 })),
    rows,
  );
  return { ...funnel, course, total_lectures: lectures.length, stuck_days: stuckDays, rows };
}
