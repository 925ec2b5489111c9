// Tells in-process caches that a table they copy from was written, at the moment the write becomes visible.
// Every statement of a database opened by openDatabase passes through here: one that is not a plain SELECT
// and names a watched table marks its connection, and when the connection is released (right after the
// statement, or after COMMIT/ROLLBACK when it ran in a transaction) the table's listeners run. Catching the
// writes here, not in the functions that write, means a new query anywhere in the code (an admin blocking a
// user, a clean-up job) cannot forget to invalidate. Writes by other processes are not seen: caches that rely
// on this must also keep their entries short-lived (platform/cache/cache.ts).
// Foreign-key cascades change tables a statement does not name: a DELETE that names a table counts as a write
// to every table its cascades reach (./cascades.ts), so deleting a course also empties the caches of lectures.
import type { DatabaseConnection, Dialect, Driver } from "kysely";
import { CASCADES, tablesReachedByDelete } from "./cascades.ts";

// `pattern`: the table's name; `deletePattern`: its name or the name of any table whose deletes cascade to it.
type Watch = { pattern: RegExp; deletePattern: RegExp; listener: () => void };

export type WriteWatcher = {
  /** Runs `listener` after every committed write that names `table` (also inside raw SQL). */
  watch(table: string, listener: () => void): void;
  /** A number that changes whenever a watched write starts or ends. */
  generation(): number;
  /** True when no watched write started, ended or is under way since `generation` was read. */
  settledSince(generation: number): boolean;
};

const MAX_REMEMBERED_STATEMENTS = 5000;

// SELECT ... (and WITH ... SELECT, which only reads unless it names a write keyword) never change a table.
const READ_ONLY = /^\s*(select\b|with\b(?![\s\S]*\b(insert|update|delete|replace|merge)\b))/i;
// Statements that may remove rows, and so set off ON DELETE actions (SQLite's REPLACE deletes the row it replaces).
const REMOVES_ROWS = /\b(delete|replace|merge)\b/i;

export function createWriteWatcher(
  cascades: Readonly<Record<string, readonly string[]>> = CASCADES,
): WriteWatcher & { wrapDialect(dialect: Dialect): Dialect } {
  const watches: Watch[] = [];
  // Connections holding a watched write that is not released yet, with what they wrote.
  const pending = new Map<DatabaseConnection, Set<Watch>>();
  const patched = new WeakSet<DatabaseConnection>();
  let generation = 0;

  // Which watches a statement names, remembered by its SQL text: the app runs a bounded set of statements, and
  // testing each one against every watched table's pattern was a few µs of every write. A new watch forgets all.
  const named = new Map<string, readonly Watch[]>();
  function watchesNamedBy(sql: string): readonly Watch[] {
    let found = named.get(sql);
    if (found) return found;
    if (READ_ONLY.test(sql)) found = [];
    else if (REMOVES_ROWS.test(sql)) found = watches.filter((watch) => watch.deletePattern.test(sql));
    else found = watches.filter((watch) => watch.pattern.test(sql));
    if (named.size >= MAX_REMEMBERED_STATEMENTS) named.clear();
    named.set(sql, found);
    return found;
  }

  function noteStatement(connection: DatabaseConnection, sql: string) {
    if (watches.length === 0) return;
    for (const watch of watchesNamedBy(sql)) {
      let touched = pending.get(connection);
      if (!touched) {
        touched = new Set();
        pending.set(connection, touched);
      }
      touched.add(watch);
      generation++;
    }
  }

  function released(connection: DatabaseConnection) {
    const touched = pending.get(connection);
    if (!touched) return;
    pending.delete(connection);
    generation++;
    for (const watch of touched) watch.listener();
  }

  function track(connection: DatabaseConnection): DatabaseConnection {
    if (patched.has(connection)) return connection;
    patched.add(connection);
    const executeQuery = connection.executeQuery.bind(connection);
    connection.executeQuery = (compiled) => {
      noteStatement(connection, compiled.sql);
      return executeQuery(compiled);
    };
    return connection;
  }

  function wrapDriver(inner: Driver): Driver {
    const driver: Driver = {
      init: (options) => inner.init(options),
      acquireConnection: async (options) => track(await inner.acquireConnection(options)),
      beginTransaction: (connection, settings) => inner.beginTransaction(connection, settings),
      commitTransaction: (connection) => inner.commitTransaction(connection),
      rollbackTransaction: (connection) => inner.rollbackTransaction(connection),
      releaseConnection: async (connection, options) => {
        try {
          await inner.releaseConnection(connection, options);
        } finally {
          released(connection);
        }
      },
      destroy: (options) => inner.destroy(options),
    };
    if (inner.savepoint) driver.savepoint = inner.savepoint.bind(inner);
    if (inner.rollbackToSavepoint) driver.rollbackToSavepoint = inner.rollbackToSavepoint.bind(inner);
    if (inner.releaseSavepoint) driver.releaseSavepoint = inner.releaseSavepoint.bind(inner);
    return driver;
  }

  return {
    watch(table, listener) {
      if (!/^\w+$/.test(table)) throw new Error(`not a table name: ${table}`);
      const parents = Object.keys(cascades).filter((parent) => tablesReachedByDelete(parent, cascades).has(table));
      watches.push({
        pattern: new RegExp(`\\b${table}\\b`, "i"),
        deletePattern: new RegExp(`\\b(${[table, ...parents].join("|")})\\b`, "i"),
        listener,
      });
      named.clear();
    },
    generation: () => generation,
    settledSince: (since) => generation === since && pending.size === 0,
    wrapDialect: (dialect) => ({
      createAdapter: () => dialect.createAdapter(),
      createQueryCompiler: () => dialect.createQueryCompiler(),
      createIntrospector: (db) => dialect.createIntrospector(db),
      createDriver: () => wrapDriver(dialect.createDriver()),
    }),
  };
}
