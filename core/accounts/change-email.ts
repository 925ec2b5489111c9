import { nowIso } from "#platform/db/connection.ts";
import { fieldError } from "../errors.ts";
import { parseInput } from "../validation.ts";
import type { Actor } from "../shared/actor.ts";
import type { AccountServices } from "./account-services.ts";
import { ownSession } from "./own-account.ts";
import { findUserByEmail, findUserById } from "./find-user.ts";
import { requireCurrentPassword } from "./require-current-password.ts";
import { changeEmailSchema } from "./schemas.ts";
import { destroyOtherSessions } from "./sessions.ts";
import { voidPasswordResets } from "./void-password-resets.ts";

/**
 * Changes the address after checking the current password. Every open reset link dies (it went to the old
 * address, which may be the reason for the change), and by default every other session is signed out.
 */
export async function changeEmail(
  services: AccountServices,
  actor: Actor,
  sessionId: string | undefined,
  input: unknown,
): Promise<void> {
  const { userId, sessionId: currentSessionId } = ownSession(actor, sessionId);
  const data = parseInput(changeEmailSchema, input);
  const user = await findUserById(services.db, userId);
  if (!user) throw fieldError("email", "validation:invalid");
  await requireCurrentPassword(services.throttle, user, data.current_password);
  if (data.email === user.email) return;
  if (await findUserByEmail(services.db, data.email)) throw fieldError("email", "accounts:email_taken");
  await services.db.transaction().execute(async (trx) => {
    await trx.updateTable("users").set({ email: data.email, updated_at: nowIso() }).where("id", "=", userId).execute();
    await voidPasswordResets(trx, userId);
    if (data.sign_out_others) await destroyOtherSessions(trx, userId, currentSessionId);
  });
}
