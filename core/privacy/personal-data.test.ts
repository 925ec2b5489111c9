// The classification of personal data (./personal-data.ts) against the migrated database (SQLite, or PostgreSQL
// with TEST_DATABASE_URL): every table with a foreign key to users, and every table a user's deletion reaches
// through cascades (platform/db/cascades.ts), says what the export and the erasure do with it. A new table
// referencing users fails here until it is classified; every listed column exists, and no secret is exported.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUnitDatabase, type UnitDatabase } from "#tests/helpers/unit-database.ts";
import { tablesReachedByDelete } from "#platform/db/cascades.ts";
import { sql } from "#platform/db/connection.ts";
import { PERSONAL_DATA } from "./personal-data.ts";

let database: UnitDatabase;

beforeAll(async () => {
  database = await createUnitDatabase();
});
afterAll(() => database?.drop());

async function tablesReferencingUsers(): Promise<string[]> {
  const { db, dialect } = database.handle;
  if (dialect === "postgres") {
    const { rows } = await sql<{ child: string }>`
      select distinct child.relname as child
      from pg_constraint c
      join pg_class child on child.oid = c.conrelid
      join pg_class parent on parent.oid = c.confrelid
      join pg_namespace n on n.oid = child.relnamespace
      where c.contype = 'f' and n.nspname = current_schema() and parent.relname = 'users'`.execute(db);
    return rows.map((row) => row.child);
  }
  const { rows } = await sql<{ child: string }>`
    select distinct t.name as child from sqlite_master t, pragma_foreign_key_list(t.name) f
    where t.type = 'table' and f."table" = 'users'`.execute(db);
  return rows.map((row) => row.child);
}

async function columnsOf(table: string): Promise<string[]> {
  const { db, dialect } = database.handle;
  const { rows } =
    dialect === "postgres"
      ? await sql<{ name: string }>`select column_name as name from information_schema.columns
          where table_schema = current_schema() and table_name = ${table}`.execute(db)
      : await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db);
  return rows.map((row) => row.name);
}

describe("personal data classification", () => {
  it("classifies every table that references users or that a user's deletion reaches", async () => {
    const expected = new Set([...(await tablesReferencingUsers()), ...tablesReachedByDelete("users")]);
    const missing = [...expected].filter((table) => !(table in PERSONAL_DATA)).sort();
    expect(missing).toEqual([]);
  });

  it("exports only columns that exist, and never a secret", async () => {
    const secret = /password|token|session|hash|secret|idempotency|provider_ref|customer_ref|subscription_ref/;
    for (const [table, use] of Object.entries(PERSONAL_DATA)) {
      const columns = await columnsOf(table);
      expect(columns.length, table).toBeGreaterThan(0);
      if (!use.export) continue;
      for (const column of use.export.columns) {
        expect(columns, `${table}.${column}`).toContain(column);
        expect(column, `${table}.${column}`).not.toMatch(secret);
      }
      if (use.export.rows.by === "parent") expect(use.export.rows.parent in PERSONAL_DATA).toBe(true);
    }
  });
});
