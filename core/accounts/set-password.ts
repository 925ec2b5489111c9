// `npm run studium -- user:password`: the owner of the machine sets a new password for an account. It is the way
// in when e-mail cannot reach the account's owner (a school without SMTP keeps no reset link readable anywhere,
// decision 0007). Like a reset by e-mail, it ends every session of the account and voids its open reset links.
import { nowIso, type Db } from "#platform/db/connection.ts";
import { fieldError } from "../errors.ts";
import { parseInput } from "../validation.ts";
import { hashPassword, type ScryptParams } from "./passwords.ts";
import { setPasswordSchema } from "./schemas.ts";
import { voidPasswordResets } from "./void-password-resets.ts";

export async function setPassword(
  db: Db,
  input: unknown,
  hashing: ScryptParams,
): Promise<{ id: number; name: string; email: string }> {
  const data = parseInput(setPasswordSchema, input);
  const passwordHash = await hashPassword(data.password, hashing);
  const user = await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("users")
      .set({ password_hash: passwordHash, updated_at: nowIso() })
      .where("email", "=", data.email)
      .returning(["id", "name", "email"])
      .executeTakeFirst();
    if (!updated) return null;
    await trx.deleteFrom("sessions").where("user_id", "=", updated.id).execute();
    await voidPasswordResets(trx, updated.id);
    return updated;
  });
  if (!user) throw fieldError("email", "accounts:no_such_account");
  return user;
}
