// The school's one retention offer (decision 0042), admins only: GET/PUT /home/memberships/retention. 'none'
// removes it; otherwise the one row (scope 'school') is written. It applies to memberships whose cancel flow
// starts after the change; one already shown an offer is never shown another.
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { parseInput } from "../../validation.ts";
import { type Actor, authorize } from "../../shared/actor.ts";
import { findRetentionOffer } from "../internal/retention-offer.ts";
import { canManagePlans } from "../policies.ts";
import type { RetentionOffer } from "../retention.ts";
import { retentionOfferSchema } from "./schemas.ts";

export async function getRetentionOffer(db: Db, actor: Actor): Promise<RetentionOffer | null> {
  authorize(actor, canManagePlans(actor));
  return findRetentionOffer(db);
}

export async function saveRetentionOffer(db: Db, actor: Actor, input: unknown): Promise<RetentionOffer | null> {
  authorize(actor, canManagePlans(actor));
  const offer = parseInput(retentionOfferSchema, input);
  if (offer.kind === "none") {
    await db.deleteFrom("membership_retention_offers").where("scope", "=", "school").execute();
    return null;
  }
  const now = nowIso();
  const values = { kind: offer.kind, percent: offer.percent, periods: offer.periods, enabled: 1, updated_at: now };
  await db
    .insertInto("membership_retention_offers")
    .values({ ...values, scope: "school", created_at: now })
    .onConflict((oc) => oc.column("scope").doUpdateSet(values))
    .execute();
  return { kind: offer.kind, percent: offer.percent, periods: offer.periods };
}
