import type { Db } from "#platform/db/connection.ts";

/** Makes every reset link of the account unusable (the rows go: a link is checked by its row). */
export async function voidPasswordResets(db: Db, userId: number): Promise<void> {
  await db.deleteFrom("password_resets").where("user_id", "=", userId).execute();
}
