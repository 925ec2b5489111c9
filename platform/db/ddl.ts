// Helpers for migrations that must read the same on SQLite and PostgreSQL.
import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from "kysely";
import type { Dialect } from "./connection.ts";

/** An auto-incrementing integer primary key named id. */
export function withId<T extends string>(table: CreateTableBuilder<T, never>, dialect: Dialect) {
  return dialect === "postgres"
    ? table.addColumn("id", "serial", (c) => c.primaryKey())
    : table.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
}

/** Reference to another table's id, removed with its owner unless told otherwise. */
export function references(table: string, onDelete: "cascade" | "set null" | "restrict" = "cascade") {
  return (c: ColumnDefinitionBuilder) => c.references(`${table}.id`).onDelete(onDelete);
}

export type MigrationModule = {
  up(db: Kysely<any>, dialect: Dialect): Promise<void>;
  down?(db: Kysely<any>, dialect: Dialect): Promise<void>;
};
