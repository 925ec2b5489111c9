// DELETE .../components/{componentId}.
import type { Db } from "#platform/db/connection.ts";
import { requireComponent } from "./authoring-records.ts";

export async function deleteComponent(
  db: Db,
  ids: { courseId: number; sectionId: number; lectureId: number; componentId: number },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await requireComponent(trx, ids);
    await trx.deleteFrom("lecture_components").where("id", "=", ids.componentId).execute();
  });
}
