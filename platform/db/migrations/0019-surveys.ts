// Surveys (issue 17, item 1): the admin builds a survey from the dynamic form's questions (stored as JSON text,
// validated by core/surveys/schemas.ts) and attaches it to the student area, or to a course after a chosen lecture
// or at its completion. A student answers a survey once (a unique pair), and may postpone it: one row per student
// and survey holding the latest postponement, which hides the survey for 24 hours (spec §4, §9).
// A course or lecture deleted leaves its surveys (and their answers) unattached rather than deleting them.
import type { Kysely } from "kysely";
import type { Dialect } from "../connection.ts";
import { references, withId } from "../ddl.ts";

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await withId(db.schema.createTable("surveys"), dialect)
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("questions", "text", (c) => c.notNull())
    .addColumn("placement", "text", (c) => c.notNull().defaultTo("none"))
    .addColumn("course_id", "integer", (c) => references("courses", "set null")(c))
    .addColumn("lecture_id", "integer", (c) => references("lectures", "set null")(c))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("surveys_placement").on("surveys").columns(["placement", "course_id"]).execute();
  await db.schema.createIndex("surveys_lecture").on("surveys").column("lecture_id").execute();

  await withId(db.schema.createTable("survey_responses"), dialect)
    .addColumn("survey_id", "integer", (c) => references("surveys")(c.notNull()))
    .addColumn("user_id", "integer", (c) => references("users")(c.notNull()))
    .addColumn("answers", "text", (c) => c.notNull())
    .addColumn("responded_at", "text", (c) => c.notNull())
    .execute();
  // Once per student and survey: the index decides when two submissions race.
  await db.schema
    .createIndex("survey_responses_once")
    .on("survey_responses")
    .columns(["survey_id", "user_id"])
    .unique()
    .execute();
  await db.schema.createIndex("survey_responses_user").on("survey_responses").column("user_id").execute();

  await db.schema
    .createTable("survey_postponements")
    .addColumn("survey_id", "integer", (c) => references("surveys")(c.notNull()))
    .addColumn("user_id", "integer", (c) => references("users")(c.notNull()))
    .addColumn("postponed_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("survey_postponements_pk", ["survey_id", "user_id"])
    .execute();
  await db.schema.createIndex("survey_postponements_user").on("survey_postponements").column("user_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("survey_postponements").execute();
  await db.schema.dropTable("survey_responses").execute();
  await db.schema.dropTable("surveys").execute();
}
