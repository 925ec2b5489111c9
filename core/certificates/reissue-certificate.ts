// The admin reissues a certificate (a corrected name, a new validity): the old one is revoked with the reason and a
// new one is written with a new public id, the student's and course's current names, a new issue date and expiry,
// and the student is e-mailed again. One transaction: the old one's revocation frees the (user, course) slot of
// the partial unique index that the new one takes.
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { inTransaction } from "#platform/db/transaction.ts";
import { AppError } from "../errors.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { pathId } from "../shared/path-id.ts";
import { parseInput } from "../validation.ts";
import { expiryOf } from "./certificate-status.ts";
import { canManageCertificates } from "./policies.ts";
import { newCertificatePublicId } from "./public-id.ts";
import { queueCertificateMail } from "./queue-certificate-mail.ts";
import { revokeCertificateSchema } from "./schemas.ts";

export async function reissueCertificate(
  db: Db,
  actor: Actor,
  idText: unknown,
  input: unknown,
  options: { appUrl: string | undefined; now?: string },
): Promise<{ public_id: string }> {
  authorize(actor, canManageCertificates(actor));
  const id = pathId(idText);
  const { reason } = parseInput(revokeCertificateSchema, input ?? {});
  const now = options.now ?? nowIso();
  return inTransaction(db, async (trx) => {
    const old = await trx
      .selectFrom("certificates as c")
      .innerJoin("users as u", "u.id", "c.user_id")
      .innerJoin("courses as k", "k.id", "c.course_id")
      .leftJoin("certificate_templates as t", "t.course_id", "c.course_id")
      .select(["c.id", "c.user_id", "c.course_id", "c.revoked_at", "u.name", "k.title", "t.validity_months"])
      .where("c.id", "=", id)
      .executeTakeFirst();
    if (!old) throw new AppError("not_found");
    // Only the live certificate is reissued (an old revoked one has its successor); the guarded update makes a
    // second admin's reissue at the same moment a 409 instead of a second live certificate.
    const revoked = await trx
      .updateTable("certificates")
      .set({ revoked_at: now, revoke_reason: reason })
      .where("id", "=", id)
      .where("revoked_at", "is", null)
      .executeTakeFirst();
    if (old.revoked_at !== null || Number(revoked.numUpdatedRows) !== 1) {
      throw new AppError("conflict", { messageKey: "certificates:already_revoked" });
    }
    const publicId = newCertificatePublicId();
    const inserted = await trx
      .insertInto("certificates")
      .values({
        public_id: publicId,
        user_id: old.user_id,
        course_id: old.course_id,
        student_name: old.name,
        course_title: old.title,
        issued_at: now,
        expires_at: expiryOf(now, old.validity_months ?? null),
        revoked_at: null,
        replaces_id: old.id,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await queueCertificateMail(trx, inserted.id, options.appUrl);
    return { public_id: publicId };
  });
}
