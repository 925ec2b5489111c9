// The sample course's certificate template (issue 17, item 4): enabled, no expiry, the owner's name under the
// signature line, the default positions. A student who completes the sample course gets a certificate.
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { defaultLayout } from "./schemas.ts";

export async function addSampleCertificateTemplate(db: Db, options: { courseId: number; signer: string }) {
  await db
    .insertInto("certificate_templates")
    .values({
      course_id: options.courseId,
      enabled: 1,
      background_image: null,
      validity_months: null,
      layout: JSON.stringify({ ...defaultLayout, signer: options.signer }),
      updated_at: nowIso(),
    })
    .execute();
}
