import { AppError } from "../errors.ts";
import { getSchool } from "../school/get-school.ts";
import { parseInput } from "../validation.ts";
import type { AccountServices, Client } from "./account-services.ts";
import { createUser } from "./create-user.ts";
import { registerSchema } from "./schemas.ts";
import { createSession } from "./sessions.ts";

/** A visitor creates a student account and is logged in. */
export async function register(services: AccountServices, input: unknown, client: Client) {
  const school = await getSchool(services.db);
  if (!school) throw new AppError("setup_required");
  if (!school.registration_enabled) throw new AppError("unavailable", { messageKey: "accounts:registration_disabled" });
  const data = parseInput(registerSchema, input);
  const user = await createUser(services.db, { ...data, role: "student" }, services.hashing);
  const { token, session } = await createSession(services.db, {
    userId: user.id,
    days: services.sessionDays,
    ip: client.ip,
    userAgent: client.userAgent,
  });
  return { user, token, session };
}
