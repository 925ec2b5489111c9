// The one place that knows which database engine runs underneath. It turns on what each engine needs
// (foreign keys, WAL, a busy timeout and write transactions begun by BEGIN IMMEDIATE on SQLite; integer counts on
// PostgreSQL) so that callers never see a dialect difference. See docs/architecture.md, "Data".
import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect, sql } from "kysely";
import { createRequire } from "node:module";
import type pg from "pg";
import type { Config } from "../config.ts";
import type { Database } from "./schema.ts";
import { withImmediateTransactions } from "./immediate-transactions.ts";
import { createWriteWatcher, type WriteWatcher } from "./write-watch.ts";

export type Dialect = "sqlite" | "postgres";

export type Db = Kysely<Database>;

export type DbHandle = {
  db: Db;
  dialect: Dialect;
  /** The driver's own client, for libraries that speak to it directly (rate limiter). */
  driver: { kind: "sqlite"; client: SQLite.Database } | { kind: "postgres"; client: pg.Pool };
  close(): Promise<void>;
};

// The pg driver is loaded only for a PostgreSQL database: a SQLite school does not keep it in memory.
let pgModule: typeof pg | undefined;
function loadPg(): typeof pg {
  if (pgModule) return pgModule;
  pgModule = createRequire(import.meta.url)("pg") as typeof pg;
  // COUNT(*) and BIGINT arrive as strings from pg; every count we keep fits a JS number.
  pgModule.types.setTypeParser(pgModule.types.builtins.INT8, (v) => Number.parseInt(v, 10));
  pgModule.types.setTypeParser(pgModule.types.builtins.NUMERIC, (v) => Number.parseFloat(v));
  return pgModule;
}

export function openDatabase(database: Config["database"], options: { poolSize?: number } = {}): DbHandle {
  if (database.kind === "postgres") {
    const pool = new (loadPg().Pool)({ connectionString: database.url, max: options.poolSize ?? 10 });
    // A dropped connection must not crash the process; the next query gets a new one.
    pool.on("error", () => {});
    const db = watched(
      (watcher) => new Kysely<Database>({ dialect: watcher.wrapDialect(new PostgresDialect({ pool })) }),
    );
    dialects.set(db, "postgres");
    return { db, dialect: "postgres", driver: { kind: "postgres", client: pool }, close: () => db.destroy() };
  }
  fs.mkdirSync(path.dirname(database.file), { recursive: true });
  const client = new SQLite(database.file);
  client.pragma("journal_mode = WAL");
  client.pragma("foreign_keys = ON");
  client.pragma("busy_timeout = 5000");
  client.pragma("synchronous = NORMAL");
  const db = watched(
    (watcher) =>
      new Kysely<Database>({
        dialect: watcher.wrapDialect(
          withImmediateTransactions(new SqliteDialect({ database: withStatementCache(client) })),
        ),
      }),
  );
  dialects.set(db, "sqlite");
  return { db, dialect: "sqlite", driver: { kind: "sqlite", client }, close: () => db.destroy() };
}

// The engine under a database opened by openDatabase, for the few statements that must differ (row and advisory
// locks exist on PostgreSQL only; SQLite's write transactions hold the whole database).
const dialects = new WeakMap<Db, Dialect>();

/** The engine of a database opened by openDatabase (undefined for a transaction or another Kysely). */
export function dialectOf(db: Db): Dialect | undefined {
  return dialects.get(db);
}

// Each database knows which statements write which tables, so in-process caches can drop what a write changed
// (./write-watch.ts).
const watchers = new WeakMap<Db, WriteWatcher>();

function watched(open: (watcher: ReturnType<typeof createWriteWatcher>) => Db): Db {
  const watcher = createWriteWatcher();
  const db = open(watcher);
  watchers.set(db, watcher);
  return db;
}

/** The write watcher of a database opened by openDatabase (none for a transaction or another Kysely). */
export function writeWatcherOf(db: Db): WriteWatcher | undefined {
  return watchers.get(db);
}

// Kysely's SQLite driver prepares every statement anew; preparing was the largest cost of a simple request
// (bench/). Statements are reused by their SQL text. Kysely runs one query at a time on the connection, so a
// cached statement is never in use twice at once.
const STATEMENT_CACHE_SIZE = 500;

function withStatementCache(client: SQLite.Database) {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => client.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = client.prepare(sql);
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

/** Current time as the ISO-8601 UTC text every time column holds. */
export function nowIso(offsetMs = 0): string {
  return new Date(Date.now() + offsetMs).toISOString();
}

/** Booleans are stored as 0/1 on both engines. */
export function toFlag(value: boolean): number {
  return value ? 1 : 0;
}

export function fromFlag(value: number | boolean | null | undefined): boolean {
  return value === 1 || value === true;
}

/** Case- and accent-insensitive comparisons need engine functions; keep them here. */
export function lowerText(dialect: Dialect, column: string) {
  return dialect === "postgres" ? sql`lower(${sql.ref(column)})` : sql`lower(${sql.ref(column)})`;
}

export { sql };
