// PUT .../sections/{sectionId}/lectures/{lectureId}: title, duration, access (free / paid / login), status
// (draft / published), and optionally section_id to move the lecture to the end of another section of the
// same course. Fields left out keep their values.
import type { Db } from "#platform/db/connection.ts";
import { fieldError } from "../errors.ts";
import { parseInput } from "../validation.ts";
import { type AuthoredLecture, authoredLecture } from "./authored.ts";
import { nextPosition, requireLecture } from "./internal/records.ts";
import { objectInput } from "#core/shared/object-input.ts";
import { lectureUpdateSchema } from "./authoring-schemas.ts";
import type { Actor } from "../shared/actor.ts";
import { editablePath, type LecturePath } from "./authorize-authoring.ts";

export async function updateLecture(db: Db, actor: Actor, path: LecturePath, input: unknown): Promise<AuthoredLecture> {
  const ids = editablePath(actor, path);
  return db.transaction().execute(async (trx) => {
    const current = await requireLecture(trx, ids);
    const data = parseInput(lectureUpdateSchema, {
      title: current.title,
      duration_minutes: current.duration_minutes,
      access: current.access,
      status: current.status,
      section_id: current.section_id,
      ...objectInput(input),
    });
    let position = current.position;
    if (data.section_id !== current.section_id) {
      const target = await trx
        .selectFrom("course_sections")
        .select("id")
        .where("id", "=", data.section_id)
        .where("course_id", "=", ids.courseId)
        .executeTakeFirst();
      if (!target) throw fieldError("section_id", "validation:in");
      const last = await trx
        .selectFrom("lectures")
        .select((eb) => eb.fn.max("position").as("max"))
        .where("section_id", "=", data.section_id)
        .executeTakeFirst();
      position = nextPosition(last);
    }
    const row = await trx
      .updateTable("lectures")
      .set({ ...data, position })
      .where("id", "=", ids.lectureId)
      .returningAll()
      .executeTakeFirstOrThrow();
    return authoredLecture(row);
  });
}
