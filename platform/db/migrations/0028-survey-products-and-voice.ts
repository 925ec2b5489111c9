// Surveys, the rest (issue 17, item 1): a survey may be sold as a product (its buyers answer it in /my, as exams
// sold alone are opened by their product); each answer keeps the course it came from (the survey's course when it
// was answered: the admin may move the survey later), so results filter by course and date; and the dashboard's
// 'voice of the student' reads the latest answers, cancellation reasons and reviews through an index each.
import type { Kysely } from "kysely";
import { sql } from "kysely";
import { references } from "../ddl.ts";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("surveys")
    .addColumn("product_id", "integer", (c) => references("products", "set null")(c))
    .execute();
  await db.schema.createIndex("surveys_product").on("surveys").column("product_id").execute();

  await db.schema
    .alterTable("survey_responses")
    .addColumn("course_id", "integer", (c) => references("courses", "set null")(c))
    .execute();
  // Answers given before this migration came from where their survey is attached now.
  await sql`update survey_responses set course_id = (select s.course_id from surveys s where s.id = survey_responses.survey_id)`.execute(
    db,
  );
  await db.schema
    .createIndex("survey_responses_survey_time")
    .on("survey_responses")
    .columns(["survey_id", "responded_at"])
    .execute();
  await db.schema.createIndex("survey_responses_time").on("survey_responses").column("responded_at").execute();
  await db.schema
    .createIndex("membership_cancellations_answered")
    .on("membership_cancellations")
    .column("answered_at")
    .execute();
  await db.schema.createIndex("reviews_created").on("reviews").column("created_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of [
    "reviews_created",
    "membership_cancellations_answered",
    "survey_responses_time",
    "survey_responses_survey_time",
    "surveys_product",
  ]) {
    await db.schema.dropIndex(index).execute();
  }
  await db.schema.alterTable("survey_responses").dropColumn("course_id").execute();
  await db.schema.alterTable("surveys").dropColumn("product_id").execute();
}
