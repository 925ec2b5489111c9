// One review per student per course (the courses issue, reviews): a unique index, so that two quick submits
// cannot both store one, on SQLite and PostgreSQL alike. Reviews an admin made from a comment (comment_id set)
// are not the student's own and stay outside the rule.
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex("reviews_one_per_student")
    .on("reviews")
    .columns(["course_id", "user_id"])
    .unique()
    .where(sql.ref("comment_id"), "is", null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("reviews_one_per_student").execute();
}
