// Server-side sessions: the cookie holds a random token, the table holds its hash. A session is rotated at
// login (a new token every time) and destroyed server-side at logout.
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { prepared } from "#platform/db/prepared.ts";
import type { User } from "#platform/db/schema.ts";
import { freezeSession, lookupStarted, recentSession, rememberSession } from "./session-cache.ts";
import { hashToken, newToken } from "./tokens.ts";

const DAY = 24 * 60 * 60 * 1000;
// Writing last_seen_at on every request would turn each read into a write; once an hour is enough.
const TOUCH_AFTER_MS = 60 * 60 * 1000;

// The session lookup runs on every request: its queries are compiled once per database (platform/db/prepared.ts),
// then only the id is bound. Two primary-key lookups, not a join: SQLite answered the join in ~19 µs and the two
// lookups in ~4 µs (bench/, docs/architecture.md "Performance").
const sessionById = prepared((db) =>
  db.selectFrom("sessions").select(["id", "user_id", "expires_at", "last_seen_at"]).where("id", "=", ""),
);
const userById = prepared((db) => db.selectFrom("users").selectAll().where("id", "=", 0));

async function lookUpSession(db: Db, id: string) {
  const [row] = await sessionById(db, [id]);
  if (!row) return undefined;
  const [user] = await userById(db, [row.user_id]);
  return user ? { row, user } : undefined;
}

export type SessionInfo = { id: string; userId: number; expiresAt: string };

export async function createSession(
  db: Db,
  options: { userId: number; days: number; ip: string; userAgent: string },
): Promise<{ token: string; session: SessionInfo }> {
  const token = newToken();
  const id = hashToken(token);
  const now = nowIso();
  const expiresAt = nowIso(options.days * DAY);
  await db
    .insertInto("sessions")
    .values({
      id,
      user_id: options.userId,
      created_at: now,
      expires_at: expiresAt,
      last_seen_at: now,
      ip: options.ip.slice(0, 64),
      user_agent: options.userAgent.slice(0, 255),
    })
    .execute();
  return { token, session: { id, userId: options.userId, expiresAt } };
}

/**
 * findSession for a read-only request (GET, HEAD) from this process's lookups of the last second, without
 * waiting for anything; undefined when there is none (then call findSession).
 */
export function findRecentSession(db: Db, token: string): { session: SessionInfo; user: User } | undefined {
  return recentSession(db, hashToken(token), Date.now());
}

/**
 * The session and its user for a cookie token, or null when unknown or expired (expired rows are removed).
 * `readOnly`: the request cannot change anything (GET, HEAD, a POST route marked readOnly), so a lookup this
 * process made less than a second ago will do (./session-cache.ts says why that is safe). The returned objects
 * are frozen.
 */
export async function findSession(
  db: Db,
  token: string,
  options: { days: number; readOnly?: boolean },
): Promise<{ session: SessionInfo; user: User } | null> {
  const id = hashToken(token);
  if (options.readOnly) {
    const recent = recentSession(db, id, Date.now());
    if (recent) return recent;
  }
  const started = lookupStarted(db);
  const found = await lookUpSession(db, id);
  if (!found) return null;
  const { row, user } = found;
  const now = Date.now();
  const expiresMs = Date.parse(row.expires_at);
  if (expiresMs <= now) {
    await db.deleteFrom("sessions").where("id", "=", id).execute();
    return null;
  }
  let expiresAt = row.expires_at;
  const touchDue = Date.parse(row.last_seen_at) + TOUCH_AFTER_MS;
  if (now > touchDue) {
    // Sliding expiry: an active session stays alive.
    expiresAt = nowIso(options.days * DAY);
    await db
      .updateTable("sessions")
      .set({ last_seen_at: nowIso(), expires_at: expiresAt })
      .where("id", "=", id)
      .execute();
    // This write has emptied the cache; the next lookup reads the new row.
    return freezeSession({ session: { id: row.id, userId: user.id, expiresAt }, user });
  }
  return rememberSession(
    db,
    started,
    { session: { id: row.id, userId: user.id, expiresAt }, user },
    Math.min(expiresMs, touchDue),
    now,
  );
}

export async function destroySession(db: Db, sessionId: string): Promise<void> {
  await db.deleteFrom("sessions").where("id", "=", sessionId).execute();
}

/** Ends every session of a user except, optionally, the current one. */
export async function destroyOtherSessions(db: Db, userId: number, keepSessionId?: string): Promise<void> {
  let query = db.deleteFrom("sessions").where("user_id", "=", userId);
  if (keepSessionId) query = query.where("id", "!=", keepSessionId);
  await query.execute();
}
