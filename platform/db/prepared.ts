// Hot queries of a fixed shape, built and compiled once per database and then run with new parameters: building
// a Kysely query costs about as much as SQLite takes to answer a primary-key lookup (bench/, 21.11.2026).
// The build function names its parameters: it gets `p`, whose properties stand for the values given at each run
// (`where("id", "=", p.id)`, then `query(db, { id: 7 })`); any other value in the query is fixed.
// To run one inside a transaction, pass the transaction as `executor`: the query is compiled once for `db` (the
// database the transaction belongs to) and run on the transaction's connection.
import type { Compilable, CompiledQuery, Transaction } from "kysely";
import type { Database } from "./schema.ts";
import type { Db } from "./connection.ts";

export type PreparedQuery<Params, Row> = (db: Db, params: Params, executor?: Transaction<Database>) => Promise<Row[]>;

// A stand-in for a named parameter while the query is built; found again among the compiled parameters.
const PARAMETER = Symbol("prepared parameter");
type Placeholder = { readonly [PARAMETER]: string };

const placeholders = new Proxy({} as Record<string, Placeholder>, {
  get: (_, name) => {
    if (typeof name !== "string") return undefined;
    return Object.freeze({ [PARAMETER]: name });
  },
});

function placeholderName(value: unknown): string | undefined {
  return typeof value === "object" && value !== null && PARAMETER in value
    ? (value as Placeholder)[PARAMETER]
    : undefined;
}

// Where each compiled parameter comes from: a named value, or a value fixed in the query.
type Slot = { name: string } | { fixed: unknown };
type Compiled<Row> = { query: CompiledQuery<Row>; slots: Slot[] };

export function prepared<Params extends Record<string, unknown>, Row>(
  build: (db: Db, p: Params) => Compilable<Row>,
): PreparedQuery<Params, Row> {
  const compiled = new WeakMap<Db, Compiled<Row>>();
  function compile(db: Db): Compiled<Row> {
    const query = build(db, placeholders as unknown as Params).compile();
    const slots = query.parameters.map((value): Slot => {
      const name = placeholderName(value);
      return name === undefined ? { fixed: value } : { name };
    });
    return { query, slots };
  }
  return async (db, params, executor) => {
    let entry = compiled.get(db);
    if (!entry) compiled.set(db, (entry = compile(db)));
    const parameters = entry.slots.map((slot) => {
      if ("fixed" in slot) return slot.fixed;
      const value = params[slot.name];
      if (value === undefined) throw new Error(`the prepared query needs the parameter ${slot.name}`);
      return value;
    });
    return (await (executor ?? db).executeQuery<Row>({ ...entry.query, parameters })).rows;
  };
}
