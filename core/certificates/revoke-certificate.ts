// The admin revokes a certificate with a reason: the verification page says "revoked" from then on. A revoked
// certificate stays revoked (a second revoke is a 409).
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { AppError } from "../errors.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { pathId } from "../shared/path-id.ts";
import { parseInput } from "../validation.ts";
import { canManageCertificates } from "./policies.ts";
import { revokeCertificateSchema } from "./schemas.ts";

export async function revokeCertificate(
  db: Db,
  actor: Actor,
  idText: unknown,
  input: unknown,
  now = nowIso(),
): Promise<{ revoked_at: string }> {
  authorize(actor, canManageCertificates(actor));
  const id = pathId(idText);
  const { reason } = parseInput(revokeCertificateSchema, input ?? {});
  const updated = await db
    .updateTable("certificates")
    .set({ revoked_at: now, revoke_reason: reason })
    .where("id", "=", id)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 1) return { revoked_at: now };
  const exists = await db.selectFrom("certificates").select("id").where("id", "=", id).executeTakeFirst();
  throw new AppError(exists ? "conflict" : "not_found", exists ? { messageKey: "certificates:already_revoked" } : {});
}
