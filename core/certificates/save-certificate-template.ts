// The admin saves a course's certificate template: enabled, background image (an uploaded image's key), validity
// and the field positions. One row per course, written in one statement.
import type { Db } from "#platform/db/connection.ts";
import { nowIso, toFlag } from "#platform/db/connection.ts";
import { AppError } from "../errors.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { pathId } from "../shared/path-id.ts";
import { parseInput } from "../validation.ts";
import { canManageCertificates } from "./policies.ts";
import { certificateTemplateSchema } from "./schemas.ts";

export async function saveCertificateTemplate(
  db: Db,
  actor: Actor,
  courseIdText: unknown,
  input: unknown,
): Promise<{ saved: true }> {
  authorize(actor, canManageCertificates(actor));
  const courseId = pathId(courseIdText);
  const values = parseInput(certificateTemplateSchema, input ?? {});
  const course = await db.selectFrom("courses").select("id").where("id", "=", courseId).executeTakeFirst();
  if (!course) throw new AppError("not_found");
  const row = {
    enabled: toFlag(values.enabled),
    background_image: values.background_image,
    validity_months: values.validity_months,
    layout: JSON.stringify({
      name_top: values.name_top,
      course_top: values.course_top,
      date_top: values.date_top,
      signature_top: values.signature_top,
      qr_corner: values.qr_corner,
      signer: values.signer,
    }),
    updated_at: nowIso(),
  };
  await db
    .insertInto("certificate_templates")
    .values({ course_id: courseId, ...row })
    .onConflict((oc) => oc.column("course_id").doUpdateSet(row))
    .execute();
  return { saved: true };
}
