// Hot queries of a fixed shape, built and compiled once per database and then run with new parameters: building
// a Kysely query costs about as much as SQLite takes to answer a primary-key lookup (bench/, 21.11.2026). The
// build function gets placeholder values; the caller passes the real ones in the order the SQL uses them.
// To run one inside a transaction, pass the transaction as `executor`: the query is compiled once for `db` (the
// database the transaction belongs to) and run on the transaction's connection.
import type { Compilable, CompiledQuery, Transaction } from "kysely";
import type { Database } from "./schema.ts";
import type { Db } from "./connection.ts";

export type PreparedQuery<Row> = (
  db: Db,
  parameters: readonly unknown[],
  executor?: Transaction<Database>,
) => Promise<Row[]>;

export function prepared<Row>(build: (db: Db) => Compilable<Row>): PreparedQuery<Row> {
  const compiled = new WeakMap<Db, CompiledQuery<Row>>();
  return async (db, parameters, executor) => {
    let query = compiled.get(db);
    if (!query) compiled.set(db, (query = build(db).compile()));
    if (parameters.length !== query.parameters.length)
      throw new Error(`the prepared query takes ${query.parameters.length} parameters, not ${parameters.length}`);
    return (await (executor ?? db).executeQuery<Row>({ ...query, parameters })).rows;
  };
}
