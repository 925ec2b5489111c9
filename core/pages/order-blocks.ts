// POST /home/subpages/{subpageId}/blocks/order {ids} (spec §7 "order"): the page's blocks in a new order. The list
// must hold every block of the page exactly once (a stale builder or another page's block is a 422).
import type { Db } from "#platform/db/connection.ts";
import { pathId } from "#core/shared/path-id.ts";
import { fieldError } from "../errors.ts";
import { authorize, type Actor } from "../shared/actor.ts";
import { parseInput } from "../validation.ts";
import { requirePage } from "./page-records.ts";
import { canManagePages } from "./policies.ts";
import { orderSchema } from "./schemas.ts";

export async function orderBlocks(db: Db, actor: Actor, pageIdText: unknown, input: unknown): Promise<number[]> {
  authorize(actor, canManagePages(actor));
  const pageId = pathId(pageIdText);
  const { ids } = parseInput(orderSchema, input);
  return db.transaction().execute(async (trx) => {
    await requirePage(trx, pageId);
    const current = new Set(
      (await trx.selectFrom("subpage_blocks").select("id").where("subpage_id", "=", pageId).execute()).map(
        (row) => row.id,
      ),
    );
    if (ids.length !== current.size || new Set(ids).size !== ids.length || ids.some((id) => !current.has(id)))
      throw fieldError("ids", "authoring:order_mismatch");
    for (const [index, id] of ids.entries()) {
      await trx
        .updateTable("subpage_blocks")
        .set({ position: index + 1 })
        .where("id", "=", id)
        .execute();
    }
    return ids;
  });
}
