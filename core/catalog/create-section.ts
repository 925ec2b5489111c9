// POST /home/courses/{courseId}/sections: a new section at the end of the course.
import type { Db } from "#platform/db/connection.ts";
import { parseInput } from "../validation.ts";
import { type AuthoredSection, authoredSection } from "./authored.ts";
import { nextPosition, requireCourse } from "./internal/records.ts";
import { sectionSchema } from "./authoring-schemas.ts";
import type { Actor } from "../shared/actor.ts";
import { editablePath } from "./authorize-authoring.ts";

export async function createSection(
  db: Db,
  actor: Actor,
  courseIdInput: unknown,
  input: unknown,
): Promise<AuthoredSection> {
  const { courseId } = editablePath(actor, { courseId: courseIdInput });
  return db.transaction().execute(async (trx) => {
    await requireCourse(trx, courseId);
    const data = parseInput(sectionSchema, input);
    const last = await trx
      .selectFrom("course_sections")
      .select((eb) => eb.fn.max("position").as("max"))
      .where("course_id", "=", courseId)
      .executeTakeFirst();
    const row = await trx
      .insertInto("course_sections")
      .values({ course_id: courseId, title: data.title, position: nextPosition(last) })
      .returningAll()
      .executeTakeFirstOrThrow();
    return authoredSection(row);
  });
}
