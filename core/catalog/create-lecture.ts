// POST /home/courses/{courseId}/sections/{sectionId}/lectures: a new lecture at the end of the section
// (a draft, paid, unless told otherwise).
import type { Db } from "#platform/db/connection.ts";
import { parseInput } from "../validation.ts";
import { type AuthoredLecture, authoredLecture } from "./authored.ts";
import { nextPosition, requireSection } from "./internal/records.ts";
import { lectureSchema } from "./authoring-schemas.ts";
import type { Actor } from "../shared/actor.ts";
import { editablePath, type SectionPath } from "./authorize-authoring.ts";

export async function createLecture(db: Db, actor: Actor, path: SectionPath, input: unknown): Promise<AuthoredLecture> {
  const ids = editablePath(actor, path);
  return db.transaction().execute(async (trx) => {
    await requireSection(trx, ids.courseId, ids.sectionId);
    const data = parseInput(lectureSchema, input);
    const last = await trx
      .selectFrom("lectures")
      .select((eb) => eb.fn.max("position").as("max"))
      .where("section_id", "=", ids.sectionId)
      .executeTakeFirst();
    const row = await trx
      .insertInto("lectures")
      .values({ ...data, section_id: ids.sectionId, position: nextPosition(last), body: "" })
      .returningAll()
      .executeTakeFirstOrThrow();
    return authoredLecture(row);
  });
}
