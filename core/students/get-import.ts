// GET /home/students/imports/{id}: a bulk import's progress and its report line by line, which the import page
// polls while the job runs. Admins only; an unknown id is a 404.
import type { Db } from "#platform/db/connection.ts";
import type { StudentImportStatus } from "#platform/db/schema-students.ts";
import { AppError } from "../errors.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { pathId } from "../shared/path-id.ts";
import { canManageStudents } from "./policies.ts";
import type { ImportReportLine } from "./schemas.ts";

export type ImportProgress = {
  id: number;
  status: StudentImportStatus;
  total: number;
  processed: number;
  report: ImportReportLine[];
};

export async function getImport(db: Db, actor: Actor, idInput: unknown): Promise<ImportProgress> {
  authorize(actor, canManageStudents(actor));
  const id = pathId(idInput);
  const row = await db
    .selectFrom("student_imports")
    .select(["id", "status", "total", "processed", "report"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) throw new AppError("not_found");
  return { ...row, report: JSON.parse(row.report) as ImportReportLine[] };
}
