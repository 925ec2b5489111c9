// First run: the owner creates the school and their own admin account. It happens once: a second call
// finds the school row and answers 409.
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import type { User } from "#platform/db/schema.ts";
import { createUser } from "../accounts/create-user.ts";
import { AppError } from "../errors.ts";
import { parseInput } from "../validation.ts";
import { forgetSchool } from "./get-school.ts";
import { addSampleContent } from "./sample-content.ts";
import { setupSchema } from "./schemas.ts";

export async function setupSchool(db: Db, input: unknown): Promise<{ owner: User }> {
  const data = parseInput(setupSchema, input);
  const owner = await db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom("school").select("id").executeTakeFirst();
    if (existing) throw new AppError("conflict", { messageKey: "setup:already_done" });
    const now = nowIso();
    await trx
      .insertInto("school")
      .values({
        name: data.school_name,
        language: data.language,
        currency: data.currency,
        login_enabled: 1,
        registration_enabled: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const user = await createUser(trx, { name: data.name, email: data.email, password: data.password, role: "admin" });
    if (data.sample) await addSampleContent(trx, { language: data.language, currency: data.currency });
    return user;
  });
  forgetSchool(db);
  return { owner };
}
