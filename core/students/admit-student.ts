// One person let in by an admin (POST /student, a line of the bulk import): a new e-mail becomes a student account
// with an invitation to set its password (core/accounts/queue-password-link.ts); an existing student gets the
// access and the tags, never a second account. Runs inside the caller's transaction, so the account, its access,
// its tags, the invitation mail and the student.created webhook commit together.
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import type { StudentTagSource } from "#platform/db/schema-students.ts";
import { createUser } from "#core/accounts/create-user.ts";
import { findUserByEmail } from "#core/accounts/find-user.ts";
import type { ScryptParams } from "#core/accounts/passwords.ts";
import { type PasswordLinkContext, queuePasswordLink } from "#core/accounts/queue-password-link.ts";
import { INVITATION_TTL_MS } from "#core/accounts/request-password-reset.ts";
import { newToken } from "#core/accounts/tokens.ts";
import { grantCourseAccess } from "#core/learning/course-access.ts";
import { defaultAccessEnd } from "#core/learning/grant-access-by-email.ts";
import { giveTags } from "./student-tags.ts";

export type AdmitDeps = { secret: Buffer; hashing?: ScryptParams; link: PasswordLinkContext };

export type AdmitCourse = { id: number; access_days: number | null; access_ends_at: string | null };

export type AdmitOutcome = "created" | "existing" | "has_access" | "not_student";

export type Admitted = { outcome: AdmitOutcome; student: { id: number; name: string; email: string } | null };

export async function findAdmitCourse(db: Db, courseId: number | null | undefined): Promise<AdmitCourse | null> {
  if (!courseId) return null;
  return (
    (await db
      .selectFrom("courses")
      .select(["id", "access_days", "access_ends_at"])
      .where("id", "=", courseId)
      .executeTakeFirst()) ?? null
  );
}

async function hasOpenAccess(db: Db, userId: number, courseId: number): Promise<boolean> {
  const now = nowIso();
  const row = await db
    .selectFrom("course_access")
    .select("id")
    .where("user_id", "=", userId)
    .where("course_id", "=", courseId)
    .where("revoked_at", "is", null)
    .where((eb) => eb.or([eb("ends_at", "is", null), eb("ends_at", ">", now)]))
    .executeTakeFirst();
  return Boolean(row);
}

export async function admitStudent(
  trx: Db,
  deps: AdmitDeps,
  person: {
    email: string;
    name: string;
    course: AdmitCourse | null;
    tagIds: number[];
    grantedBy: number;
    tagSource: StudentTagSource;
  },
): Promise<Admitted> {
  const existing = await findUserByEmail(trx, person.email);
  if (existing && existing.role !== "student") return { outcome: "not_student", student: null };
  let outcome: AdmitOutcome = existing ? "existing" : "created";
  const user =
    existing ??
    (await createUser(
      trx,
      { name: person.name, email: person.email, password: newToken(), role: "student" },
      deps.hashing,
    ));
  if (person.course) {
    if (existing && (await hasOpenAccess(trx, user.id, person.course.id))) outcome = "has_access";
    else {
      await grantCourseAccess(trx, {
        userId: user.id,
        courseId: person.course.id,
        endsAt: defaultAccessEnd(person.course),
        source: "admin",
        grantedBy: person.grantedBy,
      });
    }
  }
  await giveTags(trx, user.id, person.tagIds, person.tagSource);
  if (!existing) {
    await queuePasswordLink(trx, deps.secret, user, deps.link, { ttlMs: INVITATION_TTL_MS, kind: "invitation" });
  }
  return { outcome, student: { id: user.id, name: user.name, email: user.email } };
}
