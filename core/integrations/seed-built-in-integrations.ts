// The built-in test payments ("Test payments (simulated)") need no keys, so a fresh school outside production gets
// them switched on at start-up: `npm start` can sell without an account anywhere. Only a missing row is created,
// so the admin's later choice (switched off) stands. Whether production gets it is the caller's decision.
import { nowIso, type Db } from "#platform/db/connection.ts";
import { sealSettings } from "./integration-records.ts";

export async function seedBuiltInIntegrations(
  db: Db,
  secret: Buffer,
  options: { testPayments: boolean },
): Promise<void> {
  if (!options.testPayments) return;
  const now = nowIso();
  await db
    .insertInto("integrations")
    .values({
      kind: "payment",
      provider: "test",
      enabled: 1,
      settings: sealSettings(secret, "test", {}),
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column("provider").doNothing())
    .execute();
}
