// The admin's certificate page of a course: its template (or the defaults) and the certificates issued for it,
// newest first, with their status now.
import type { Db } from "#platform/db/connection.ts";
import { fromFlag, nowIso } from "#platform/db/connection.ts";
import { AppError } from "../errors.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { pathId } from "../shared/path-id.ts";
import { type CertificateStatus, certificateStatus } from "./certificate-status.ts";
import { canManageCertificates } from "./policies.ts";
import { type CertificateLayout, readLayout } from "./schemas.ts";

export type CertificateTemplateView = {
  course: { id: number; title: string; slug: string };
  template: {
    enabled: boolean;
    background_image: string | null;
    validity_months: number | null;
    layout: CertificateLayout;
  };
  certificates: {
    id: number;
    public_id: string;
    student_name: string;
    issued_at: string;
    expires_at: string | null;
    revoked_at: string | null;
    revoke_reason: string;
    status: CertificateStatus;
  }[];
};

export async function getCertificateAdmin(
  db: Db,
  actor: Actor,
  courseIdText: unknown,
  now = nowIso(),
): Promise<CertificateTemplateView> {
  authorize(actor, canManageCertificates(actor));
  const courseId = pathId(courseIdText);
  const course = await db
    .selectFrom("courses")
    .select(["id", "title", "slug"])
    .where("id", "=", courseId)
    .executeTakeFirst();
  if (!course) throw new AppError("not_found");
  const template = await db
    .selectFrom("certificate_templates")
    .selectAll()
    .where("course_id", "=", courseId)
    .executeTakeFirst();
  const rows = await db
    .selectFrom("certificates")
    .select(["id", "public_id", "student_name", "issued_at", "expires_at", "revoked_at", "revoke_reason"])
    .where("course_id", "=", courseId)
    .orderBy("id", "desc")
    .limit(500)
    .execute();
  return {
    course,
    template: {
      enabled: fromFlag(template?.enabled),
      background_image: template?.background_image ?? null,
      validity_months: template?.validity_months ?? null,
      layout: readLayout(template?.layout ?? "{}"),
    },
    certificates: rows.map((row) => ({ ...row, status: certificateStatus(row, now) })),
  };
}
