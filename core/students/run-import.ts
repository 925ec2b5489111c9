// Runs a kept bulk import (the 'students.import' job, jobs.ts): every line still without an outcome is admitted
// (admit-student.ts: a new account with its invitation, or the access and tags for a known student) in its own
// transaction, together with its report line and the import's progress.
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { inTransaction } from "#platform/db/transaction.ts";
import type { ScryptParams } from "#core/accounts/passwords.ts";
import type { Lang } from "#platform/i18n/index.ts";
import { admitStudent, findAdmitCourse } from "./admit-student.ts";
import { type ImportReportLine, nameFromEmail } from "./schemas.ts";

export async function runImport(
  db: Db,
  deps: { secret: Buffer; hashing?: ScryptParams },
  payload: { import_id: number; base_url: string; school_name: string },
): Promise<{ status: string; processed: number }> {
  const run = await db.selectFrom("student_imports").selectAll().where("id", "=", payload.import_id).executeTakeFirst();
  if (!run) return { status: "gone", processed: 0 };
  await db.updateTable("student_imports").set({ status: "running" }).where("id", "=", run.id).execute();
  const course = await findAdmitCourse(db, run.course_id);
  const tagIds = JSON.parse(run.tag_ids) as number[];
  const link = { baseUrl: payload.base_url, lang: run.lang as Lang, schoolName: payload.school_name };
  const todo = (JSON.parse(run.report) as ImportReportLine[]).filter((line) => line.outcome === null);
  for (const line of todo) {
    await inTransaction(db, async (trx) => {
      const current = await trx
        .selectFrom("student_imports")
        .select(["report", "processed"])
        .where("id", "=", run.id)
        .executeTakeFirstOrThrow();
      const report = JSON.parse(current.report) as ImportReportLine[];
      const entry = report.find((r) => r.line === line.line);
      if (!entry || entry.outcome !== null) return;
      const admitted = await admitStudent(
        trx,
        { ...deps, link },
        {
          email: line.email,
          name: line.name ?? nameFromEmail(line.email),
          course,
          tagIds,
          grantedBy: run.admin_id,
          tagSource: "import",
        },
      );
      entry.outcome = admitted.outcome;
      await trx
        .updateTable("student_imports")
        .set({ report: JSON.stringify(report), processed: current.processed + 1 })
        .where("id", "=", run.id)
        .execute();
    });
  }
  await db
    .updateTable("student_imports")
    .set({ status: "done", finished_at: nowIso() })
    .where("id", "=", run.id)
    .execute();
  return { status: "done", processed: run.total };
}
