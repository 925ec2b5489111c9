// PUT .../components/{componentId} {data}: new data for the component, checked with its kind's schema (the
// kind itself does not change: a different kind is a new component).
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { parseInput } from "../validation.ts";
import { type AuthoredComponent, authoredComponent } from "./authored.ts";
import { requireComponent } from "./internal/records.ts";
import { componentInputSchema } from "./authoring-schemas.ts";
import { checkComponentReferences } from "./check-component-references.ts";
import type { Actor } from "../shared/actor.ts";
import { editablePath, type ComponentPath } from "./authorize-authoring.ts";

export async function updateComponent(
  db: Db,
  actor: Actor,
  path: ComponentPath,
  input: unknown,
): Promise<AuthoredComponent> {
  const ids = editablePath(actor, path);
  return db.transaction().execute(async (trx) => {
    const current = await requireComponent(trx, ids);
    const parsed = parseInput(componentInputSchema(current.kind), input);
    const data = await checkComponentReferences(trx, current.kind, parsed.data, ids.lectureId);
    const row = await trx
      .updateTable("lecture_components")
      .set({ data: JSON.stringify(data), updated_at: nowIso() })
      .where("id", "=", ids.componentId)
      .returningAll()
      .executeTakeFirstOrThrow();
    return authoredComponent(row);
  });
}
