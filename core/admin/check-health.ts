// GET /status: whether this process can serve, for a load balancer or a container's health check. The database is
// the one thing every request needs, so it is asked (one trivial query) on every check.
import { sql } from "kysely";
import type { Db } from "#platform/db/connection.ts";

export type Health = { status: "ok" | "unavailable"; database: "ok" | "unreachable" };

export async function checkHealth(db: Db): Promise<Health> {
  try {
    await sql`select 1`.execute(db);
    return { status: "ok", database: "ok" };
  } catch {
    return { status: "unavailable", database: "unreachable" };
  }
}
