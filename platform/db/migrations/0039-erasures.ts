// Privacy (issue 18, item 5): the record that a student's personal data was erased, when and by whom, holding
// none of the data itself. The user row stays (anonymised) because the transactions the accounting law keeps
// reference it (on delete restrict), so the record references it too; the eraser is a plain id (an admin, or
// the student themselves), not a key, so that the record outlives whoever made it.
import type { Kysely } from "kysely";
import type { Dialect } from "../connection.ts";
import { references, withId } from "../ddl.ts";

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable("erasures"), dialect)
    .addColumn("user_id", "integer", (c) => references("users", "restrict")(c.notNull().unique()))
    .addColumn("erased_by", "integer", (c) => c.notNull())
    .addColumn("requested_by", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
}
