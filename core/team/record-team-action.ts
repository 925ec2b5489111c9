// One row of the audit log: what a member of the team changed (server/plugins/audit-trail.ts calls this once per
// successful write of an admin or a moderator; decision 0044). What is kept: when, who (their name and role at the
// time), the method and the route's pattern, the ids the call named (path parameters and id-like body fields) and
// a short line of the body's non-secret fields: ids, and a role, type, status or duration. Never a body: a
// password, a provider's key or a student's message never reaches the log.
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";

export type TeamAction = {
  userId: number;
  method: string;
  route: string;
  params: Record<string, unknown>;
  body: unknown;
  status: number;
};

/** Body fields that may be kept: ids and a few enumerations; anything else (text, secrets) is dropped. */
const SUMMARY_FIELDS = new Set(["role", "type", "status", "duration", "kind", "action"]);
const ID_FIELD = /^(id|[a-z]+(_[a-z]+)*_id)$/;
const SUMMARY_MAX = 200;

function idOrEnum(value: unknown): string | undefined {
  if (typeof value === "number" && Number.isSafeInteger(value)) return String(value);
  if (typeof value === "string" && /^[a-z0-9_-]{1,40}$/i.test(value)) return value;
  return undefined;
}

/** The ids a call named and its short line: the part of a request the log keeps. */
export function describeAction(params: Record<string, unknown>, body: unknown): { targets: string; summary: string } {
  const targets: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    const kept = idOrEnum(value);
    if (kept !== undefined) targets[key] = kept;
  }
  const parts: string[] = [];
  if (body && typeof body === "object" && !Array.isArray(body) && !Buffer.isBuffer(body)) {
    for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
      if (!ID_FIELD.test(key) && !SUMMARY_FIELDS.has(key)) continue;
      const kept = idOrEnum(value);
      if (kept === undefined) continue;
      if (ID_FIELD.test(key)) targets[key] = kept;
      parts.push(`${key}=${kept}`);
    }
  }
  return { targets: JSON.stringify(targets), summary: parts.join(" ").slice(0, SUMMARY_MAX) };
}

export async function recordTeamAction(db: Db, action: TeamAction): Promise<void> {
  const user = await db.selectFrom("users").select(["name", "role"]).where("id", "=", action.userId).executeTakeFirst();
  const { targets, summary } = describeAction(action.params, action.body);
  await db
    .insertInto("audit_log")
    .values({
      user_id: action.userId,
      actor_name: user?.name ?? "",
      actor_role: user?.role ?? "",
      method: action.method,
      route: action.route,
      targets,
      summary,
      status: action.status,
      created_at: nowIso(),
    })
    .execute();
}
