// A student's tags, for their page in the admin area (/home/students/{id}), public and private.
import type { Db } from "#platform/db/connection.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { canManageStudents } from "./policies.ts";
import { type StudentTag, tagsOfStudents } from "./student-tags.ts";

export async function getStudentTags(db: Db, actor: Actor, studentId: number): Promise<StudentTag[]> {
  authorize(actor, canManageStudents(actor));
  return (await tagsOfStudents(db, [studentId])).get(studentId) ?? [];
}
