import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { hashToken } from "./tokens.ts";

/** Whether a reset link can still be used (known, unused, not expired), so the page can say so before the form. */
export async function isResetTokenUsable(db: Db, token: string): Promise<boolean> {
  if (!token || token.length > 200) return false;
  const row = await db
    .selectFrom("password_resets")
    .select("user_id")
    .where("token_hash", "=", hashToken(token))
    .where("used_at", "is", null)
    .where("expires_at", ">", nowIso())
    .executeTakeFirst();
  return Boolean(row);
}
