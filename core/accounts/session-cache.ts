// The session lookup runs on every request and was most of the cost of a small authenticated GET (bench/).
// Read-only requests (GET, HEAD) may use a lookup this process made less than a second ago. Why that is safe:
// - In this process nothing is ever stale: any committed write to `sessions` or `users` (logout, password
//   change, "sign out other devices", login, a role change, deleting a user, the sliding-expiry touch) empties
//   the cache the moment it commits (platform/db/write-watch.ts), and a lookup that overlapped such a write is
//   not stored. Expiry is checked on every hit, so an expired session ends on time.
// - Other processes (WEB_CONCURRENCY, several machines, the CLI) cannot empty it: there a logout or a demotion
//   reaches read-only requests up to MAX_AGE_MS late. Requests that can change something (POST, PUT, PATCH,
//   DELETE) never use the cache, so an ended session cannot act, anywhere, from the moment its row is gone.
//   (A POST that only reads, such as a comment list or search, is marked readOnly on its route and may.)
// - Only successful lookups are kept, for at most MAX_AGE_MS, keyed by the token's hash (the same id the table
//   holds); the objects are frozen, so one request cannot change what another sees.
import type { Db } from "#platform/db/connection.ts";
import { writeWatcherOf } from "#platform/db/connection.ts";
import type { User } from "#platform/db/schema.ts";

export const MAX_AGE_MS = 1000;
const MAX_ENTRIES = 10_000;

export type CachedSession = { session: { id: string; userId: number; expiresAt: string }; user: User };
type Entry = { found: CachedSession; storedAt: number; validUntil: number };

type Cache = { entries: Map<string, Entry>; generation: () => number; settledSince: (generation: number) => boolean };
const caches = new WeakMap<Db, Cache | null>();

function cacheOf(db: Db): Cache | null {
  let cache = caches.get(db);
  if (cache !== undefined) return cache;
  const watcher = writeWatcherOf(db);
  if (watcher) {
    const entries = new Map<string, Entry>();
    const forget = () => entries.clear();
    watcher.watch("sessions", forget);
    watcher.watch("users", forget);
    cache = { entries, generation: watcher.generation, settledSince: watcher.settledSince };
  } else {
    cache = null; // a database this process cannot watch: never cache
  }
  caches.set(db, cache);
  return cache;
}

/** A lookup of this session id stored less than MAX_AGE_MS ago and still valid at `now`, if any. */
export function recentSession(db: Db, id: string, now: number): CachedSession | undefined {
  const entry = cacheOf(db)?.entries.get(id);
  if (!entry) return undefined;
  if (now - entry.storedAt < MAX_AGE_MS && now < entry.validUntil) return entry.found;
  cacheOf(db)!.entries.delete(id);
  return undefined;
}

/** Marks the start of a database lookup: pass the result to rememberSession. */
export function lookupStarted(db: Db): number {
  return cacheOf(db)?.generation() ?? -1;
}

/**
 * Keeps a lookup made since `started`, unless a write to sessions or users began or ended meanwhile (it may
 * have read the row as it was before). `validUntil`: when the session expires or its sliding expiry is due.
 */
export function rememberSession(
  db: Db,
  started: number,
  found: CachedSession,
  validUntil: number,
  now: number,
): CachedSession {
  const cache = cacheOf(db);
  const frozen = freezeSession(found);
  if (!cache || !cache.settledSince(started)) return frozen;
  if (cache.entries.size >= MAX_ENTRIES) cache.entries.clear();
  cache.entries.set(frozen.session.id, { found: frozen, storedAt: now, validUntil });
  return frozen;
}

/** What findSession hands out, cached or not: frozen, so one request cannot change what another sees. */
export function freezeSession(found: CachedSession): CachedSession {
  return Object.freeze({ session: Object.freeze({ ...found.session }), user: Object.freeze({ ...found.user }) });
}
