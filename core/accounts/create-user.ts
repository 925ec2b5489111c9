import type { Db } from "#platform/db/connection.ts";
import { inTransaction } from "#platform/db/transaction.ts";
import { nowIso } from "#platform/db/connection.ts";
import type { Role, User } from "#platform/db/schema.ts";
import { fieldError } from "../errors.ts";
import { findUserByEmail } from "./find-user.ts";
import { hashPassword, type ScryptParams } from "./passwords.ts";
import { defaultNotifications } from "./schemas.ts";
import { emitWebhookEvent } from "#core/webhooks/emit-event.ts";

/** Inserts an account. Input must already be validated. 'Account already exists' when the e-mail is taken. */
export async function createUser(
  db: Db,
  input: { name: string; email: string; password: string; role: Role },
  hashing?: ScryptParams,
): Promise<User> {
  const email = input.email.trim().toLowerCase();
  if (await findUserByEmail(db, email)) throw fieldError("email", "accounts:account_exists");
  const now = nowIso();
  const passwordHash = await hashPassword(input.password, hashing);
  try {
    // A student's registration and its webhook commit together (outbox).
    return await inTransaction(db, async (trx) => {
      const user = await trx
        .insertInto("users")
        .values({
          name: input.name,
          email,
          password_hash: passwordHash,
          role: input.role,
          email_notifications: JSON.stringify(defaultNotifications),
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      if (user.role === "student") {
        await emitWebhookEvent(trx, "student.created", {
          student: { id: user.id, email: user.email, name: user.name, created_at: user.created_at },
        });
      }
      return user;
    });
  } catch (error) {
    // Two registrations racing for one e-mail: the unique index decides.
    if (String(error).match(/unique|duplicate/i)) throw fieldError("email", "accounts:account_exists");
    throw error;
  }
}
