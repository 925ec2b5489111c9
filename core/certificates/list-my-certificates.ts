// /my/certificates: every certificate of the signed-in student, newest first, with its status now.
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { type Actor, authorizeUser } from "../shared/actor.ts";
import { type CertificateStatus, certificateStatus } from "./certificate-status.ts";
import { canSeeOwnCertificates } from "./policies.ts";

export type MyCertificate = {
  public_id: string;
  course_title: string;
  issued_at: string;
  expires_at: string | null;
  revoked_at: string | null;
  status: CertificateStatus;
};

export async function listMyCertificates(db: Db, actor: Actor, now = nowIso()): Promise<MyCertificate[]> {
  const { userId } = authorizeUser(actor, canSeeOwnCertificates(actor));
  const rows = await db
    .selectFrom("certificates")
    .select(["public_id", "course_title", "issued_at", "expires_at", "revoked_at"])
    .where("user_id", "=", userId)
    .orderBy("issued_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map((row) => ({ ...row, status: certificateStatus(row, now) }));
}
