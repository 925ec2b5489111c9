// The admin dashboard's figures (spec §1: the instructor's overview): people, published courses, the mail
// of the last week and the background jobs that gave up. Counts only: cheap on both engines.
import type { Db } from "#platform/db/connection.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { canViewDashboard } from "./policies.ts";

export type Dashboard = {
  students: number;
  admins: number;
  publishedCourses: number;
  /** e-mails written to the mail table (outbox or SMTP) in the last 7 days */
  mailsLastWeek: number;
  failedJobs: number;
};

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

export async function getDashboard(db: Db, actor: Actor, now: Date = new Date()): Promise<Dashboard> {
  authorize(actor, canViewDashboard(actor));
  const since = new Date(now.getTime() - WEEK_MS).toISOString();
  const [roles, courses, mails, jobs] = await Promise.all([
    db
      .selectFrom("users")
      .select(["role", (eb) => eb.fn.countAll<number>().as("count")])
      .groupBy("role")
      .execute(),
    db
      .selectFrom("courses")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("status", "=", "published")
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("mails")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("created_at", ">=", since)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("jobs")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("status", "=", "failed")
      .executeTakeFirstOrThrow(),
  ]);
  const byRole = (role: string) => Number(roles.find((r) => r.role === role)?.count ?? 0);
  return {
    students: byRole("student"),
    admins: byRole("admin"),
    publishedCourses: Number(courses.count),
    mailsLastWeek: Number(mails.count),
    failedJobs: Number(jobs.count),
  };
}
