// DELETE .../components/{componentId}.
import type { Db } from "#platform/db/connection.ts";
import { requireComponent } from "./internal/records.ts";
import type { Actor } from "../shared/actor.ts";
import { editablePath, type ComponentPath } from "./authorize-authoring.ts";

export async function deleteComponent(db: Db, actor: Actor, path: ComponentPath): Promise<void> {
  const ids = editablePath(actor, path);
  await db.transaction().execute(async (trx) => {
    await requireComponent(trx, ids);
    await trx.deleteFrom("lecture_components").where("id", "=", ids.componentId).execute();
  });
}
