// POST .../sections/{sectionId}/lectures/order {ids}: the section's lectures in a new order (every lecture of
// the section once; moving a lecture to another section is an update of its section_id).
import type { Db } from "#platform/db/connection.ts";
import { requireSection } from "./internal/records.ts";
import { applyOrder, checkedOrder } from "./ordering.ts";
import type { Actor } from "../shared/actor.ts";
import { editablePath, type SectionPath } from "./authorize-authoring.ts";

export async function orderLectures(db: Db, actor: Actor, path: SectionPath, input: unknown): Promise<number[]> {
  const ids = editablePath(actor, path);
  return db.transaction().execute(async (trx) => {
    await requireSection(trx, ids.courseId, ids.sectionId);
    const current = await trx.selectFrom("lectures").select("id").where("section_id", "=", ids.sectionId).execute();
    const order = checkedOrder(
      input,
      current.map((row) => row.id),
    );
    await applyOrder(trx, "lectures", order);
    return order;
  });
}
