// Test databases: migrate once into a template, copy it per test file (SQLite: a file copy; PostgreSQL:
// CREATE DATABASE ... TEMPLATE). PostgreSQL is used when TEST_DATABASE_URL is set.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { openDatabase } from "#platform/db/connection.ts";
import { migrateToLatest } from "#platform/db/migrate.ts";

export const testRoot = path.join(os.tmpdir(), "studium-tests");
// Each test run has its own template, so that runs side by side do not disturb each other.
function runId(): string {
  process.env.STUDIUM_TEST_RUN ??= randomBytes(4).toString("hex");
  return process.env.STUDIUM_TEST_RUN;
}
const sqliteTemplate = () => path.join(testRoot, `template-${runId()}.db`);
const pgTemplateName = () => `studium_tpl_${runId()}`;

export function postgresBaseUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || undefined;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresBaseUrl() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Called once before the suite (vitest global setup, e2e runner). */
export async function prepareTemplate(): Promise<void> {
  fs.mkdirSync(testRoot, { recursive: true });
  const base = postgresBaseUrl();
  if (base) {
    await adminQuery(`DROP DATABASE IF EXISTS ${pgTemplateName()} WITH (FORCE)`);
    await adminQuery(`CREATE DATABASE ${pgTemplateName()}`);
    const handle = openDatabase({ kind: "postgres", url: withDatabase(base, pgTemplateName()) });
    await migrateToLatest(handle);
    await handle.close();
    return;
  }
  for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(sqliteTemplate() + suffix, { force: true });
  const handle = openDatabase({ kind: "sqlite", file: sqliteTemplate() });
  await migrateToLatest(handle);
  // Fold the WAL into the file, so that copying the one file copies the whole template.
  if (handle.driver.kind === "sqlite") handle.driver.client.pragma("wal_checkpoint(TRUNCATE)");
  await handle.close();
}

export type TestDatabase = { url: string; dataDir: string; drop(): Promise<void> };

/** Called once after the suite. */
export async function dropTemplate(): Promise<void> {
  if (postgresBaseUrl()) await adminQuery(`DROP DATABASE IF EXISTS ${pgTemplateName()} WITH (FORCE)`);
  else for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(sqliteTemplate() + suffix, { force: true });
}

/** A fresh, migrated database and data folder for one test file. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const id = randomBytes(6).toString("hex");
  const dataDir = path.join(testRoot, `run-${id}`);
  fs.mkdirSync(dataDir, { recursive: true });
  const base = postgresBaseUrl();
  if (base) {
    const name = `studium_test_${id}`;
    await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${pgTemplateName()}`);
    return {
      url: withDatabase(base, name),
      dataDir,
      drop: async () => {
        await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const file = path.join(dataDir, "studium.db");
  fs.copyFileSync(sqliteTemplate(), file);
  return { url: file, dataDir, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
}
