// The school is the one row of settings that every request reads (name, language, currency, switches).
// It is cached in memory (platform/cache/cache.ts): a change made in this process shows at once, one made by
// another process within MAX_AGE_MS.
import { defineCache } from "#platform/cache/cache.ts";
import type { Db } from "#platform/db/connection.ts";
import type { School } from "#platform/db/schema.ts";

export const MAX_AGE_MS = 2000;

const schools = defineCache<"school", School | null>({
  name: "school",
  tables: ["school"],
  maxAgeMs: MAX_AGE_MS,
  maxEntries: 1,
  load: async (db) => (await db.selectFrom("school").selectAll().orderBy("id").limit(1).executeTakeFirst()) ?? null,
});

export function getSchool(db: Db): Promise<School | null> {
  return schools.get(db, "school");
}

/** The cached school when it is fresh (null: no school yet), or undefined when getSchool must read it. */
export function cachedSchool(db: Db): School | null | undefined {
  return schools.peek(db, "school");
}
