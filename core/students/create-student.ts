// POST /student {name, email, course_id?, tag_ids?} (spec §7): an admin adds a student by hand. A new e-mail
// becomes an account with an invitation to set its password; an e-mail the school knows gets the course and the
// tags instead (no second account), unless that student already has the course: 'This student already has access
// to this product' (§8). An admin's e-mail is refused.
import type { Db } from "#platform/db/connection.ts";
import { inTransaction } from "#platform/db/transaction.ts";
import { fieldError } from "../errors.ts";
import { parseInput } from "../validation.ts";
import { type Actor, authorizeUser } from "../shared/actor.ts";
import { type AdmitDeps, type Admitted, admitStudent, findAdmitCourse } from "./admit-student.ts";
import { canManageStudents } from "./policies.ts";
import { createStudentSchema } from "./schemas.ts";
import { existingTagIds } from "./student-tags.ts";

export async function createStudent(db: Db, actor: Actor, deps: AdmitDeps, input: unknown): Promise<Admitted> {
  const { userId: adminId } = authorizeUser(actor, canManageStudents(actor));
  const data = parseInput(createStudentSchema, input);
  return inTransaction(db, async (trx) => {
    const course = await findAdmitCourse(trx, data.course_id);
    if (data.course_id && !course) throw fieldError("course_id", "students:no_such_course");
    const tagIds = await existingTagIds(trx, data.tag_ids ?? []);
    const admitted = await admitStudent(trx, deps, {
      email: data.email,
      name: data.name,
      course,
      tagIds,
      grantedBy: adminId,
      tagSource: "admin",
    });
    if (admitted.outcome === "not_student") throw fieldError("email", "students:not_a_student");
    if (admitted.outcome === "has_access") throw fieldError("course_id", "authoring:already_has_access");
    return admitted;
  });
}
