// POST .../lectures/{lectureId}/components/order {ids}: the lecture's components in a new order.
import type { Db } from "#platform/db/connection.ts";
import { requireLecture } from "./internal/records.ts";
import { applyOrder, checkedOrder } from "./ordering.ts";
import type { Actor } from "../shared/actor.ts";
import { editablePath, type LecturePath } from "./authorize-authoring.ts";

export async function orderComponents(db: Db, actor: Actor, path: LecturePath, input: unknown): Promise<number[]> {
  const ids = editablePath(actor, path);
  return db.transaction().execute(async (trx) => {
    await requireLecture(trx, ids);
    const current = await trx
      .selectFrom("lecture_components")
      .select("id")
      .where("lecture_id", "=", ids.lectureId)
      .execute();
    const order = checkedOrder(
      input,
      current.map((row) => row.id),
    );
    await applyOrder(trx, "lecture_components", order);
    return order;
  });
}
