// /home/students/:id: what the school knows of one person, for the admin who followed a link to them (a comment's
// author): who they are, when they joined and were last seen, the courses they can open with their progress, and
// what they bought. The instructor area (students list, tags, notes) builds on this page.
import type { Db } from "#platform/db/connection.ts";
import type { CourseAccessSource, Role, TransactionStatus } from "#platform/db/schema.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { canViewStudents } from "./policies.ts";

export type StudentOverview = {
  student: { id: number; name: string; email: string; role: Role; created_at: string; last_seen_at: string | null };
  courses: Array<{
    course_id: number;
    title: string;
    slug: string;
    source: CourseAccessSource;
    starts_at: string;
    ends_at: string | null;
    revoked_at: string | null;
    completed: number;
    lectures: number;
  }>;
  transactions: Array<{
    id: number;
    status: TransactionStatus;
    product_title: string;
    total_cents: number;
    currency: string;
    created_at: string;
  }>;
};

/** The newest purchases shown; the transactions list (searched by e-mail) has the rest. */
export const STUDENT_TRANSACTIONS_SHOWN = 20;

export async function getStudentOverview(db: Db, actor: Actor, studentId: number): Promise<StudentOverview | null> {
  authorize(actor, canViewStudents(actor));
  const student = await db
    .selectFrom("users")
    .select(["id", "name", "email", "role", "created_at"])
    .where("id", "=", studentId)
    .executeTakeFirst();
  if (!student) return null;
  const [lastSeen, access, completed, lectures, transactions] = await Promise.all([
    db
      .selectFrom("sessions")
      .select((eb) => eb.fn.max("last_seen_at").as("last"))
      .where("user_id", "=", studentId)
      .executeTakeFirst(),
    db
      .selectFrom("course_access as a")
      .innerJoin("courses as c", "c.id", "a.course_id")
      .select(["a.course_id", "c.title", "c.slug", "a.source", "a.starts_at", "a.ends_at", "a.revoked_at"])
      .where("a.user_id", "=", studentId)
      .orderBy("a.created_at", "desc")
      .orderBy("a.id", "desc")
      .execute(),
    db
      .selectFrom("lecture_progress")
      .select(["course_id", (eb) => eb.fn.countAll<number>().as("n")])
      .where("user_id", "=", studentId)
      .where("completed_at", "is not", null)
      .groupBy("course_id")
      .execute(),
    db
      .selectFrom("lectures as l")
      .innerJoin("course_sections as s", "s.id", "l.section_id")
      .select(["s.course_id", (eb) => eb.fn.countAll<number>().as("n")])
      .where("s.course_id", "in", db.selectFrom("course_access").select("course_id").where("user_id", "=", studentId))
      .where("l.status", "=", "published")
      .groupBy("s.course_id")
      .execute(),
    db
      .selectFrom("transactions as t")
      .innerJoin("products as p", "p.id", "t.product_id")
      .select(["t.id", "t.status", "p.title as product_title", "t.total_cents", "t.currency", "t.created_at"])
      .where("t.user_id", "=", studentId)
      .orderBy("t.created_at", "desc")
      .orderBy("t.id", "desc")
      .limit(STUDENT_TRANSACTIONS_SHOWN)
      .execute(),
  ]);
  const countOf = (rows: { course_id: number; n: number }[], courseId: number) =>
    Number(rows.find((row) => row.course_id === courseId)?.n ?? 0);
  return {
    student: { ...student, last_seen_at: (lastSeen?.last as string | null | undefined) ?? null },
    courses: access.map((row) => ({
      ...row,
      completed: countOf(completed, row.course_id),
      lectures: countOf(lectures, row.course_id),
    })),
    transactions,
  };
}
