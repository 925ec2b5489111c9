// Exams (issue 17, item 2): an exam belongs to a course (shown after its last lecture; the course may require it
// for completion) or is opened by a product (sold alone: its buyers' product_access). Its questions are a pool
// (JSON text, validated by core/exams/schemas.ts) of which each attempt draws `draw_count`, shuffled by a seed
// stored with the attempt together with the drawn questions, so a refresh shows the same ones.
// Attempts are counted on the server: (exam, student, number) is unique, so two parallel starts make one attempt.
// Answers are one row per attempt and question (an upsert per autosave), with the hand-given points and comment.
// An exam with attempts is archived instead of deleted; a deleted course or product leaves its exam unattached.
import type { Kysely } from "kysely";
import type { Dialect } from "../connection.ts";
import { references, withId } from "../ddl.ts";

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable("exams"), dialect)
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("course_id", "integer", (c) => references("courses", "set null")(c))
    .addColumn("product_id", "integer", (c) => references("products", "set null")(c))
    .addColumn("required_for_completion", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("questions", "text", (c) => c.notNull())
    .addColumn("draw_count", "integer")
    .addColumn("pass_percent", "integer", (c) => c.notNull())
    .addColumn("time_limit_minutes", "integer")
    .addColumn("max_attempts", "integer")
    .addColumn("show_answers", "text", (c) => c.notNull().defaultTo("never"))
    .addColumn("archived_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("exams_course").on("exams").column("course_id").execute();
  await db.schema.createIndex("exams_product").on("exams").column("product_id").execute();

  await withId(db.schema.createTable("exam_attempts"), dialect)
    .addColumn("exam_id", "integer", (c) => references("exams")(c.notNull()))
    .addColumn("user_id", "integer", (c) => references("users")(c.notNull()))
    .addColumn("number", "integer", (c) => c.notNull())
    .addColumn("seed", "integer", (c) => c.notNull())
    .addColumn("questions", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("open"))
    .addColumn("started_at", "text", (c) => c.notNull())
    .addColumn("deadline_at", "text")
    .addColumn("submitted_at", "text")
    .addColumn("closed_by", "text")
    .addColumn("score", "integer")
    .addColumn("max_score", "integer", (c) => c.notNull())
    .addColumn("passed", "integer")
    .addColumn("graded_at", "text")
    .execute();
  // Attempts counted on the server: a parallel start of the same number loses on this index.
  await db.schema
    .createIndex("exam_attempts_number")
    .on("exam_attempts")
    .columns(["exam_id", "user_id", "number"])
    .unique()
    .execute();
  await db.schema.createIndex("exam_attempts_user").on("exam_attempts").column("user_id").execute();
  await db.schema.createIndex("exam_attempts_status").on("exam_attempts").columns(["status", "deadline_at"]).execute();

  await db.schema
    .createTable("exam_answers")
    .addColumn("attempt_id", "integer", (c) => references("exam_attempts")(c.notNull()))
    .addColumn("question_key", "text", (c) => c.notNull())
    .addColumn("answer", "text", (c) => c.notNull())
    .addColumn("saved_at", "text", (c) => c.notNull())
    .addColumn("points", "integer")
    .addColumn("comment", "text")
    .addPrimaryKeyConstraint("exam_answers_pk", ["attempt_id", "question_key"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("exam_answers").execute();
  await db.schema.dropTable("exam_attempts").execute();
  await db.schema.dropTable("exams").execute();
}
