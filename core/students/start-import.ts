// POST /home/students/import {lines, course_id?, tag_ids?}: the bulk import (spec §5, §9): at most 50 lines, each
// `email` or `email, name`. The lines are checked at once (invalid ones and repeats are reported and never run),
// then the import is kept with its report and run as a job ('students.import', jobs.ts), which the page follows
// (get-import.ts). Once a minute per admin: 'You can only use this feature once per minute' (§8), counted only
// for an import that was accepted.
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { inTransaction } from "#platform/db/transaction.ts";
import type { Lang } from "#platform/i18n/index.ts";
import { enqueue } from "#platform/jobs/queue.ts";
import type { ExportThrottle } from "#core/shared/export-throttle.ts";
import { fieldError } from "../errors.ts";
import { parseInput } from "../validation.ts";
import { type Actor, authorizeUser } from "../shared/actor.ts";
import { findAdmitCourse } from "./admit-student.ts";
import { importStudentsJob } from "./jobs.ts";
import { canManageStudents } from "./policies.ts";
import { importLinesOf, importSchema, planImport } from "./schemas.ts";
import { existingTagIds } from "./student-tags.ts";

export async function startImport(
  db: Db,
  actor: Actor,
  deps: { throttle: ExportThrottle; lang: Lang; baseUrl: string; schoolName: string },
  input: unknown,
): Promise<{ id: number }> {
  const { userId: adminId } = authorizeUser(actor, canManageStudents(actor));
  const data = parseInput(importSchema, input);
  const course = await findAdmitCourse(db, data.course_id);
  if (data.course_id && !course) throw fieldError("course_id", "students:no_such_course");
  const tagIds = await existingTagIds(db, data.tag_ids ?? []);
  const plan = planImport(importLinesOf(data.lines));
  await deps.throttle.take(adminId);
  return inTransaction(db, async (trx) => {
    const row = await trx
      .insertInto("student_imports")
      .values({
        admin_id: adminId,
        course_id: course?.id ?? null,
        tag_ids: JSON.stringify(tagIds),
        lines: JSON.stringify(plan.map(({ line, email, name }) => ({ line, email, name }))),
        lang: deps.lang,
        status: "pending",
        total: plan.length,
        processed: plan.filter((line) => line.outcome !== null).length,
        report: JSON.stringify(plan),
        created_at: nowIso(),
        finished_at: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await enqueue(trx, importStudentsJob, {
      import_id: row.id,
      base_url: deps.baseUrl,
      school_name: deps.schoolName,
    });
    return { id: row.id };
  });
}
