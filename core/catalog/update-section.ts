// PUT /home/courses/{courseId}/sections/{sectionId}: renames a section.
import type { Db } from "#platform/db/connection.ts";
import { parseInput } from "../validation.ts";
import { type AuthoredSection, authoredSection } from "./authored.ts";
import { requireSection } from "./internal/records.ts";
import { sectionSchema } from "./authoring-schemas.ts";
import type { Actor } from "../shared/actor.ts";
import { editablePath, type SectionPath } from "./authorize-authoring.ts";

export async function updateSection(db: Db, actor: Actor, path: SectionPath, input: unknown): Promise<AuthoredSection> {
  const ids = editablePath(actor, path);
  return db.transaction().execute(async (trx) => {
    await requireSection(trx, ids.courseId, ids.sectionId);
    const data = parseInput(sectionSchema, input);
    const row = await trx
      .updateTable("course_sections")
      .set({ title: data.title })
      .where("id", "=", ids.sectionId)
      .returningAll()
      .executeTakeFirstOrThrow();
    return authoredSection(row);
  });
}
