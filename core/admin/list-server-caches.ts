// The server's in-process caches for /home/caches (platform/cache/cache.ts), as this process holds them.
import { type CacheReport, listCaches } from "#platform/cache/cache.ts";
import type { Db } from "#platform/db/connection.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { canViewCaches } from "./policies.ts";

export function listServerCaches(db: Db, actor: Actor): CacheReport[] {
  authorize(actor, canViewCaches(actor));
  return listCaches(db);
}
