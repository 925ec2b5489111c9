// PUT .../sections/{sectionId}/lectures/{lectureId}/drip: the lecture's own drip release (none, N days after
// the student's access began, or an instant). The lecture opens at the later of this and its section's.
import type { Db } from "#platform/db/connection.ts";
import { parseInput } from "../validation.ts";
import { type AuthoredLecture, authoredLecture } from "./authored.ts";
import { requireLecture } from "./internal/records.ts";
import { dripSchema } from "./authoring-schemas.ts";
import type { Actor } from "../shared/actor.ts";
import { editablePath, type LecturePath } from "./authorize-authoring.ts";

export async function setLectureDrip(
  db: Db,
  actor: Actor,
  path: LecturePath,
  input: unknown,
): Promise<AuthoredLecture> {
  const ids = editablePath(actor, path);
  return db.transaction().execute(async (trx) => {
    await requireLecture(trx, ids);
    const data = parseInput(dripSchema, input);
    const row = await trx
      .updateTable("lectures")
      .set(data)
      .where("id", "=", ids.lectureId)
      .returningAll()
      .executeTakeFirstOrThrow();
    return authoredLecture(row);
  });
}
