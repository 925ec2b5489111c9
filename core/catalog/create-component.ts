// POST .../lectures/{lectureId}/components {kind, data}: a new component at the end of the lecture. The data
// is checked with its kind's schema (core/catalog/component-data.ts; embeds must be a known player).
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { parseInput } from "../validation.ts";
import { type AuthoredComponent, authoredComponent } from "./authored.ts";
import { nextPosition, requireLecture } from "./internal/records.ts";
import { objectInput } from "#core/shared/object-input.ts";
import { componentInputSchema, componentKindSchema } from "./authoring-schemas.ts";
import { checkComponentReferences } from "./check-component-references.ts";
import type { Actor } from "../shared/actor.ts";
import { editablePath, type LecturePath } from "./authorize-authoring.ts";

export async function createComponent(
  db: Db,
  actor: Actor,
  path: LecturePath,
  input: unknown,
): Promise<AuthoredComponent> {
  return insertComponent(db, editablePath(actor, path), input);
}

/**
 * The component itself, for core's use-cases that have already asked their own policy (a confirmed upload or a
 * finished video becomes a component of its lecture: core/media).
 */
export async function insertComponent(
  db: Db,
  ids: { courseId: number; sectionId: number; lectureId: number },
  input: unknown,
): Promise<AuthoredComponent> {
  return db.transaction().execute(async (trx) => {
    await requireLecture(trx, ids);
    const body = objectInput(input);
    const { kind } = parseInput(componentKindSchema, body);
    const parsed = parseInput(componentInputSchema(kind), body);
    const data = await checkComponentReferences(trx, kind, parsed.data, ids.lectureId);
    const last = await trx
      .selectFrom("lecture_components")
      .select((eb) => eb.fn.max("position").as("max"))
      .where("lecture_id", "=", ids.lectureId)
      .executeTakeFirst();
    const now = nowIso();
    const row = await trx
      .insertInto("lecture_components")
      .values({
        lecture_id: ids.lectureId,
        kind,
        position: nextPosition(last),
        data: JSON.stringify(data),
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return authoredComponent(row);
  });
}
