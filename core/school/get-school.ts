// The school is the one row of settings that every request reads (name, language, currency, switches).
// It is cached in memory for a short time: settings change rarely, and every process sees a change within
// CACHE_MS even when it was made by another process.
import type { Db } from "#platform/db/connection.ts";
import type { School } from "#platform/db/schema.ts";

const CACHE_MS = 2000;
const cache = new WeakMap<Db, { school: School | null; at: number }>();

export async function getSchool(db: Db): Promise<School | null> {
  const hit = cache.get(db);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.school;
  const school = (await db.selectFrom("school").selectAll().orderBy("id").limit(1).executeTakeFirst()) ?? null;
  cache.set(db, { school, at: Date.now() });
  return school;
}

/** The cached school when it is fresh (null: no school yet), or undefined when getSchool must read it. */
export function cachedSchool(db: Db): School | null | undefined {
  const hit = cache.get(db);
  return hit && Date.now() - hit.at < CACHE_MS ? hit.school : undefined;
}

/** Call after changing the school row, so this process sees the change at once. */
export function forgetSchool(db: Db): void {
  cache.delete(db);
}
