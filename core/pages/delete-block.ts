// DELETE /home/subpages/{subpageId}/blocks/{blockId} (spec §7 "delete").
import type { Db } from "#platform/db/connection.ts";
import { pathId } from "#core/shared/path-id.ts";
import { authorize, type Actor } from "../shared/actor.ts";
import { requireBlock } from "./page-records.ts";
import { canManagePages } from "./policies.ts";

export async function deleteBlock(db: Db, actor: Actor, path: { pageId: unknown; blockId: unknown }): Promise<void> {
  authorize(actor, canManagePages(actor));
  const pageId = pathId(path.pageId);
  const blockId = pathId(path.blockId);
  await db.transaction().execute(async (trx) => {
    await requireBlock(trx, pageId, blockId);
    await trx.deleteFrom("subpage_blocks").where("id", "=", blockId).execute();
  });
}
