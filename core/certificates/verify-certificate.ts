// The public verification page /certificates/{id}: anyone, no login. Says who completed which course when, and
// whether the certificate is valid, revoked or expired now. An id that is not one of ours is a 404.
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { AppError } from "../errors.ts";
import { type CertificateStatus, certificateStatus } from "./certificate-status.ts";
import { isCertificatePublicId } from "./public-id.ts";

export type CertificateVerification = {
  public_id: string;
  student_name: string;
  course_title: string;
  issued_at: string;
  expires_at: string | null;
  revoked_at: string | null;
  status: CertificateStatus;
};

export async function verifyCertificate(db: Db, publicId: unknown, now = nowIso()): Promise<CertificateVerification> {
  if (!isCertificatePublicId(publicId)) throw new AppError("not_found");
  const row = await db
    .selectFrom("certificates")
    .select(["public_id", "student_name", "course_title", "issued_at", "expires_at", "revoked_at"])
    .where("public_id", "=", publicId)
    .executeTakeFirst();
  if (!row) throw new AppError("not_found");
  return { ...row, status: certificateStatus(row, now) };
}
