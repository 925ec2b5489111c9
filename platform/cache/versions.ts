// Cache invalidation across processes: a cache stores the version it was filled at and compares it with
// the current one. Bump a version in the same transaction as the change it covers.
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

export type CacheName = "catalog";

export async function bumpCacheVersion(db: Kysely<Database>, name: CacheName): Promise<void> {
  await db
    .insertInto("cache_versions")
    .values({ name, version: 1 })
    .onConflict((oc) => oc.column("name").doUpdateSet((eb) => ({ version: eb("cache_versions.version", "+", 1) })))
    .execute();
}

export async function readCacheVersion(db: Kysely<Database>, name: CacheName): Promise<number> {
  const row = await db.selectFrom("cache_versions").select("version").where("name", "=", name).executeTakeFirst();
  return row?.version ?? 0;
}
