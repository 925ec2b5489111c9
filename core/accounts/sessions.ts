// Server-side sessions: the cookie holds a random token, the table holds its hash. A session is rotated at
// login (a new token every time) and destroyed server-side at logout.
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { prepared } from "#platform/db/prepared.ts";
import type { User } from "#platform/db/schema.ts";
import { defineCache } from "#platform/cache/cache.ts";
import { hashToken, newToken } from "./tokens.ts";

// The session lookup runs on every request and was most of the cost of a small authenticated GET (bench/).
// Read-only requests (GET, HEAD) may use a lookup this process made less than a second ago. Why that is safe:
// - In this process nothing is ever stale: any committed write to `sessions` or `users` (logout, password
//   change, "sign out other devices", login, a role change, deleting a user, the sliding-expiry touch) empties
//   the cache the moment it commits (platform/cache/cache.ts), and a lookup that overlapped such a write is
//   not stored. Expiry is checked on every hit, so an expired session ends on time.
// - Other processes (WEB_CONCURRENCY, several machines, the CLI) cannot empty it: there a logout or a demotion
//   reaches read-only requests up to MAX_AGE_MS late. Requests that can change something (POST, PUT, PATCH,
//   DELETE) never use the cache, so an ended session cannot act, anywhere, from the moment its row is gone.
//   (A POST that only reads, such as a comment list or search, is marked readOnly on its route and may.)
// - Only successful lookups are kept, for at most MAX_AGE_MS, keyed by the token's hash (the same id the table
//   holds); the objects are frozen, so one request cannot change what another sees.
export const MAX_AGE_MS = 1000;

type SessionFound = { session: SessionInfo; user: User };
/** A lookup as the cache keeps it: frozen, with when it must be read again (expiry, or the sliding touch). */
type SessionLookup = { found: SessionFound; validUntil: number };

const recentLookups = defineCache<string, SessionLookup | null>({
  name: "sessions",
  tables: ["sessions", "users"],
  maxAgeMs: MAX_AGE_MS,
  maxEntries: 10_000,
  keep: (lookup) => lookup !== null,
  validUntil: (lookup) => lookup?.validUntil ?? 0,
});

/** What findSession hands out, cached or not: frozen, so one request cannot change what another sees. */
function freezeSession(found: SessionFound): SessionFound {
  return Object.freeze({ session: Object.freeze({ ...found.session }), user: Object.freeze({ ...found.user }) });
}

const DAY = 24 * 60 * 60 * 1000;
// Writing last_seen_at on every request would turn each read into a write; once an hour is enough.
const TOUCH_AFTER_MS = 60 * 60 * 1000;

// The session lookup runs on every request: its queries are compiled once per database (platform/db/prepared.ts),
// then only the id is bound. Two primary-key lookups, not a join: SQLite answered the join in ~19 µs and the two
// lookups in ~4 µs (bench/, docs/architecture.md "Performance").
const sessionById = prepared((db, p: { id: string }) =>
  db.selectFrom("sessions").select(["id", "user_id", "expires_at", "last_seen_at"]).where("id", "=", p.id),
);
const userById = prepared((db, p: { id: number }) => db.selectFrom("users").selectAll().where("id", "=", p.id));

async function lookUpSession(db: Db, id: string) {
  const [row] = await sessionById(db, { id });
  if (!row) return undefined;
  const [user] = await userById(db, { id: row.user_id });
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
  return recentLookups.peek(db, hashToken(token))?.found;
}

/**
 * The session and its user for a cookie token, or null when unknown or expired (expired rows are removed).
 * `readOnly`: the request cannot change anything (GET, HEAD, a POST route marked readOnly), so a lookup this
 * process made less than a second ago will do (MAX_AGE_MS; the comment above it says why that is safe). The returned objects
 * are frozen.
 */
export async function findSession(
  db: Db,
  token: string,
  options: { days: number; readOnly?: boolean },
): Promise<{ session: SessionInfo; user: User } | null> {
  const id = hashToken(token);
  if (options.readOnly) {
    const recent = recentLookups.peek(db, id);
    if (recent) return recent.found;
  }
  const lookup = await recentLookups.refresh(db, id, () => lookUpAndTouch(db, id, options.days));
  return lookup?.found ?? null;
}

/** The session's row and user, with expiry enforced and the sliding expiry moved on when it is due. */
async function lookUpAndTouch(db: Db, id: string, days: number): Promise<SessionLookup | null> {
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
    // Sliding expiry: an active session stays alive. This write overlaps the lookup, so it is not kept: the
    // next lookup reads the new row.
    expiresAt = nowIso(days * DAY);
    await db
      .updateTable("sessions")
      .set({ last_seen_at: nowIso(), expires_at: expiresAt })
      .where("id", "=", id)
      .execute();
  }
  return {
    found: freezeSession({ session: { id: row.id, userId: user.id, expiresAt }, user }),
    validUntil: Math.min(expiresMs, touchDue),
  };
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
