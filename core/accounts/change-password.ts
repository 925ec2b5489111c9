import { nowIso } from "#platform/db/connection.ts";
import { fieldError } from "../errors.ts";
import { parseInput } from "../validation.ts";
import type { Actor } from "../shared/actor.ts";
import type { AccountServices } from "./account-services.ts";
import { ownSession } from "./own-account.ts";
import { findUserById } from "./find-user.ts";
import { hashPassword } from "./passwords.ts";
import { voidPasswordResets } from "./void-password-resets.ts";
import { requireCurrentPassword } from "./require-current-password.ts";
import { changePasswordSchema } from "./schemas.ts";
import { destroyOtherSessions } from "./sessions.ts";

/**
 * Changes the password after checking the current one; by default signs out every other session. Every open
 * reset link dies with the old password: one sent before the change must not undo it.
 */
export async function changePassword(
  services: AccountServices,
  actor: Actor,
  sessionId: string | undefined,
  input: unknown,
): Promise<void> {
  const { userId, sessionId: currentSessionId } = ownSession(actor, sessionId);
  const data = parseInput(changePasswordSchema, input);
  const user = await findUserById(services.db, userId);
  if (!user) throw fieldError("password", "validation:invalid");
  await requireCurrentPassword(services.throttle, user, data.current_password);
  const passwordHash = await hashPassword(data.password, services.hashing);
  await services.db.transaction().execute(async (trx) => {
    await trx
      .updateTable("users")
      .set({ password_hash: passwordHash, updated_at: nowIso() })
      .where("id", "=", userId)
      .execute();
    await voidPasswordResets(trx, userId);
    if (data.sign_out_others) await destroyOtherSessions(trx, userId, currentSessionId);
  });
}
