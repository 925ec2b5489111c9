// A fresh, migrated database for one unit-test file, without a server: a SQLite file in a temporary
// folder, or, when TEST_DATABASE_URL is set, a new PostgreSQL database (dropped afterwards).
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { type DbHandle, openDatabase } from "#platform/db/connection.ts";
import { migrateToLatest } from "#platform/db/migrate.ts";

export type UnitDatabase = {
  handle: DbHandle;
  dir: string;
  /** Another connection (pool) to the same database, as a second process would have. */
  connect(options?: { poolSize?: number }): DbHandle;
  drop(): Promise<void>;
};

async function adminQuery(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function createUnitDatabase(): Promise<UnitDatabase> {
  const id = randomBytes(6).toString("hex");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "studium-unit-"));
  const base = process.env.TEST_DATABASE_URL;
  let database: Parameters<typeof openDatabase>[0];
  let dropDatabase = async () => {};
  if (base) {
    const name = `studium_unit_${id}`;
    await adminQuery(base, `CREATE DATABASE ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    database = { kind: "postgres", url: url.toString() };
    dropDatabase = () => adminQuery(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } else {
    database = { kind: "sqlite", file: path.join(dir, "studium.db") };
  }
  const handle = openDatabase(database);
  await migrateToLatest(handle);
  const others: DbHandle[] = [];
  return {
    handle,
    dir,
    connect(options) {
      const other = openDatabase(database, options);
      others.push(other);
      return other;
    },
    async drop() {
      for (const other of others) await other.close();
      await handle.close();
      await dropDatabase();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
