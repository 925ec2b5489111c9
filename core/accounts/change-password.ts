import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { fieldError } from "../errors.ts";
import { parseInput } from "../validation.ts";
import { findUserById } from "./find-user.ts";
import { hashPassword } from "./passwords.ts";
import { requireCurrentPassword } from "./require-current-password.ts";
import { changePasswordSchema } from "./schemas.ts";
import { destroyOtherSessions } from "./sessions.ts";

/** Changes the password after checking the current one; by default signs out every other session. */
export async function changePassword(db: Db, userId: number, currentSessionId: string, input: unknown): Promise<void> {
  const data = parseInput(changePasswordSchema, input);
  const user = await findUserById(db, userId);
  if (!user) throw fieldError("password", "validation:invalid");
  await requireCurrentPassword(user, data.current_password);
  const passwordHash = await hashPassword(data.password);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("users").set({ password_hash: passwordHash, updated_at: nowIso() }).where("id", "=", userId).execute();
    if (data.sign_out_others) await destroyOtherSessions(trx, userId, currentSessionId);
  });
}
