// POST /home/students/{id}/tags {name, public}: the admin gives a student a tag by its name; a name the school
// has not used yet makes a new tag, public (the student sees it, e.g. a cohort) or private (admins only) as
// ticked. Giving a tag the student already has changes nothing.
import type { Db } from "#platform/db/connection.ts";
import { AppError } from "../errors.ts";
import { parseInput } from "../validation.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { pathId } from "../shared/path-id.ts";
import { canManageStudents } from "./policies.ts";
import { studentTagSchema } from "./schemas.ts";
import { giveTags, type StudentTag, tagNamed } from "./student-tags.ts";

export async function giveStudentTag(
  db: Db,
  actor: Actor,
  studentIdInput: unknown,
  input: unknown,
): Promise<StudentTag> {
  authorize(actor, canManageStudents(actor));
  const studentId = pathId(studentIdInput);
  const data = parseInput(studentTagSchema, input);
  return db.transaction().execute(async (trx) => {
    const student = await trx
      .selectFrom("users")
      .select("id")
      .where("id", "=", studentId)
      .where("role", "=", "student")
      .executeTakeFirst();
    if (!student) throw new AppError("not_found");
    const tag = await tagNamed(trx, data.name, data.public);
    await giveTags(trx, student.id, [tag.id], "admin");
    return tag;
  });
}
