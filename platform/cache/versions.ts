// Cache invalidation across processes: a cache stores the version it was filled at and compares it with the
// current one. The "catalog" version moves by itself: database triggers bump it in the transaction of every
// insert, update or delete on CATALOG_TABLES (migration 0013), foreign-key cascades included, so no use-case
// has to remember to. In this process the write watcher tells the same writes at once (catalogVersions below).
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { defineCache } from "./cache.ts";

export type CacheName = "catalog";

/** What anonymous visitors see on the cached catalog and sales pages; each has a trigger (versions.test.ts). */
export const CATALOG_TABLES = [
  "school",
  "courses",
  "course_sections",
  "lectures",
  "lecture_components",
  "course_price_changes",
  "products",
  "product_variants",
  "variant_price_changes",
  "bundle_courses",
  "reviews",
  // the header's community link (migration 0020)
  "community_topics",
  // the sales pages' subscribe buttons: the open plans that open a course or product (migration 0023)
  "membership_plans",
  "membership_plan_courses",
  "membership_plan_products",
  // the article list and pages (migration 0033)
  "articles",
  // pages made of blocks (migration 0031)
  "subpages",
  "subpage_blocks",
  // the lead forms a page's block shows (migration 0036)
  "lead_forms",
  "lead_consents",
] as const;

/** How long another process's change may take to reach this process's page cache. */
export const CATALOG_VERSION_MAX_AGE_MS = 1000;

/** Moves a version by hand (tests, and changes the triggers do not cover). */
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

/** The catalog version as the page cache reads it: at once after a write here, within a second after another's. */
export const catalogVersions = defineCache<"catalog", number>({
  name: "catalog-version",
  tables: [...CATALOG_TABLES, "cache_versions"],
  maxAgeMs: CATALOG_VERSION_MAX_AGE_MS,
  maxEntries: 1,
  load: (db, name) => readCacheVersion(db, name),
});
