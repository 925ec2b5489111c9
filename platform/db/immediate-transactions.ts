// SQLite write transactions start with BEGIN IMMEDIATE. Kysely's SQLite driver begins with a plain (deferred)
// `begin`, which takes the write lock only at the first write: a transaction that reads and then writes (a vote,
// an invitation, a checkout) holds a snapshot that another process may write past in between, and SQLite then
// refuses the write with SQLITE_BUSY at once (the busy timeout does not apply to that upgrade). Taking the write
// lock at `begin` makes such a transaction wait its turn (the busy timeout) instead. In one process Kysely runs
// one transaction at a time on its one connection, so this costs nothing there.
import { CompiledQuery, type Dialect } from "kysely";

const BEGIN_IMMEDIATE = CompiledQuery.raw("begin immediate");

/** The SQLite dialect, with every transaction begun by BEGIN IMMEDIATE. */
export function withImmediateTransactions(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver() {
      const driver = dialect.createDriver();
      driver.beginTransaction = async (connection) => {
        await connection.executeQuery(BEGIN_IMMEDIATE);
      };
      return driver;
    },
  };
}
