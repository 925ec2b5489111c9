// The school's retention offer as the cancel flow and the admin read it (null: none).
import type { Db } from "#platform/db/connection.ts";
import type { RetentionOffer } from "../retention.ts";

export async function findRetentionOffer(db: Db): Promise<RetentionOffer | null> {
  const row = await db
    .selectFrom("membership_retention_offers")
    .select(["kind", "percent", "periods"])
    .where("scope", "=", "school")
    .where("enabled", "=", 1)
    .executeTakeFirst();
  return row ?? null;
}
