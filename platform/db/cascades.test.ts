// The declared cascade graph (./cascades.ts) against the migrated database's own foreign keys (SQLite, or
// PostgreSQL with TEST_DATABASE_URL): every ON DELETE CASCADE / SET NULL key is listed, and nothing else.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUnitDatabase, type UnitDatabase } from "#tests/helpers/unit-database.ts";
import { CASCADES, tablesReachedByDelete } from "./cascades.ts";
import { sql } from "./connection.ts";

let database: UnitDatabase;

beforeAll(async () => {
  database = await createUnitDatabase();
});
afterAll(() => database?.drop());

type ForeignKey = { child: string; parent: string; onDelete: string };

async function foreignKeys(): Promise<ForeignKey[]> {
  const { db, dialect } = database.handle;
  if (dialect === "postgres") {
    const { rows } = await sql<ForeignKey>`
      select child.relname as child, parent.relname as parent,
        case c.confdeltype when 'c' then 'CASCADE' when 'n' then 'SET NULL' else 'OTHER' end as "onDelete"
      from pg_constraint c
      join pg_class child on child.oid = c.conrelid
      join pg_class parent on parent.oid = c.confrelid
      join pg_namespace n on n.oid = child.relnamespace
      where c.contype = 'f' and n.nspname = current_schema()`.execute(db);
    return rows;
  }
  const { rows } = await sql<ForeignKey>`
    select t.name as child, f."table" as parent, upper(f.on_delete) as "onDelete"
    from sqlite_master t, pragma_foreign_key_list(t.name) f
    where t.type = 'table'`.execute(db);
  return rows;
}

describe("cascade graph", () => {
  it("lists exactly the foreign keys that change a child when its parent row is deleted", async () => {
    const actual: Record<string, string[]> = {};
    for (const key of await foreignKeys()) {
      if (key.onDelete !== "CASCADE" && key.onDelete !== "SET NULL") continue;
      const children = (actual[key.parent] ??= []);
      if (!children.includes(key.child)) children.push(key.child);
    }
    for (const children of Object.values(actual)) children.sort();
    expect(actual).toEqual(CASCADES);
  });

  it("follows cascades through several tables", () => {
    expect(tablesReachedByDelete("courses").has("lecture_components")).toBe(true);
    expect(tablesReachedByDelete("lectures").has("courses")).toBe(false);
  });
});
