import type { Db } from "#platform/db/connection.ts";
import { destroySession } from "./sessions.ts";

export async function logOut(db: Db, sessionId: string | undefined): Promise<void> {
  if (sessionId) await destroySession(db, sessionId);
}
