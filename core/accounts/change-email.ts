import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { fieldError } from "../errors.ts";
import { parseInput } from "../validation.ts";
import { findUserByEmail, findUserById } from "./find-user.ts";
import { requireCurrentPassword } from "./require-current-password.ts";
import { changeEmailSchema } from "./schemas.ts";

export async function changeEmail(db: Db, userId: number, input: unknown): Promise<void> {
  const data = parseInput(changeEmailSchema, input);
  const user = await findUserById(db, userId);
  if (!user) throw fieldError("email", "validation:invalid");
  await requireCurrentPassword(user, data.current_password);
  if (data.email === user.email) return;
  if (await findUserByEmail(db, data.email)) throw fieldError("email", "accounts:email_taken");
  await db.updateTable("users").set({ email: data.email, updated_at: nowIso() }).where("id", "=", userId).execute();
}
