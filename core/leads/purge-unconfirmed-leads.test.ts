// Unconfirmed double opt-ins are removed once their link has expired (LEAD_CONFIRM_DAYS), with their tags; a
// confirmed lead and an unconfirmed one whose link still works are kept. On a real database (SQLite, or
// PostgreSQL with TEST_DATABASE_URL), with the clock passed in.
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Db } from "#platform/db/connection.ts";
import { createUnitDatabase, type UnitDatabase } from "#tests/helpers/unit-database.ts";
import { LEAD_CONFIRM_DAYS } from "./policies.ts";
import { purgeUnconfirmedLeads } from "./purge-unconfirmed-leads.ts";

let database: UnitDatabase;
let db: Db;
beforeAll(async () => {
  database = await createUnitDatabase();
  db = database.handle.db;
});
afterAll(() => database?.drop());

const NOW = "2026-06-15T12:00:00.000Z";
const daysBefore = (days: number) => new Date(Date.parse(NOW) - days * 86_400_000).toISOString();

it("removes unconfirmed leads whose confirmation link has expired, and keeps the rest", async () => {
  const form = await db
    .insertInto("lead_forms")
    .values({ name: "Newsletter", double_opt_in: 1, created_at: NOW, updated_at: NOW })
    .returning("id")
    .executeTakeFirstOrThrow();
  const lead = async (email: string, status: "confirmed" | "unconfirmed", createdAt: string) => {
    const row = await db
      .insertInto("leads")
      .values({ form_id: form.id, email, fields: "{}", status, created_at: createdAt })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db.insertInto("lead_tags").values({ lead_id: row.id, tag: "newsletter" }).execute();
    return row.id;
  };
  const expired = await lead("expired@example.com", "unconfirmed", daysBefore(LEAD_CONFIRM_DAYS + 0.01));
  const stillOpen = await lead("open@example.com", "unconfirmed", daysBefore(LEAD_CONFIRM_DAYS - 0.01));
  const confirmedLong = await lead("kept@example.com", "confirmed", daysBefore(400));

  expect(await purgeUnconfirmedLeads(db, NOW)).toEqual({ purged: 1 });
  const left = await db.selectFrom("leads").select("id").orderBy("id").execute();
  expect(left.map((row) => row.id)).toEqual([stillOpen, confirmedLong]);
  expect(await db.selectFrom("lead_tags").select("tag").where("lead_id", "=", expired).execute()).toEqual([]);
  // Run again: nothing more to do.
  expect(await purgeUnconfirmedLeads(db, NOW)).toEqual({ purged: 0 });
});
