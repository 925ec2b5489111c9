// PUT /home/courses/{courseId}/sections/{sectionId}/drip: the section's drip release (none, N days after the
// student's access began, or an instant). Every lecture of the section waits for it, besides its own rule.
import type { Db } from "#platform/db/connection.ts";
import { parseInput } from "../validation.ts";
import { type AuthoredSection, authoredSection } from "./authored.ts";
import { requireSection } from "./internal/records.ts";
import { dripSchema } from "./authoring-schemas.ts";
import type { Actor } from "../shared/actor.ts";
import { editablePath, type SectionPath } from "./authorize-authoring.ts";

export async function setSectionDrip(
  db: Db,
  actor: Actor,
  path: SectionPath,
  input: unknown,
): Promise<AuthoredSection> {
  const ids = editablePath(actor, path);
  return db.transaction().execute(async (trx) => {
    await requireSection(trx, ids.courseId, ids.sectionId);
    const data = parseInput(dripSchema, input);
    const row = await trx
      .updateTable("course_sections")
      .set(data)
      .where("id", "=", ids.sectionId)
      .returningAll()
      .executeTakeFirstOrThrow();
    return authoredSection(row);
  });
}
