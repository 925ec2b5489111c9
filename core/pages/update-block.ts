// PUT /home/subpages/{subpageId}/blocks/{blockId} {settings} (spec §7 "update"): new settings for the block,
// checked with its type's schema (the type itself does not change: another type is a new block).
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { pathId } from "#core/shared/path-id.ts";
import { authorize, type Actor } from "../shared/actor.ts";
import { parseInput } from "../validation.ts";
import { checkBlockReferences } from "./check-block-references.ts";
import { type BlockView, blockView, requireBlock } from "./page-records.ts";
import { canManagePages } from "./policies.ts";
import { blockInputSchema, type BlockType } from "./schemas.ts";

export async function updateBlock(
  db: Db,
  actor: Actor,
  path: { pageId: unknown; blockId: unknown },
  input: unknown,
  now: string = nowIso(),
): Promise<BlockView> {
  authorize(actor, canManagePages(actor));
  const pageId = pathId(path.pageId);
  const blockId = pathId(path.blockId);
  return db.transaction().execute(async (trx) => {
    const current = await requireBlock(trx, pageId, blockId);
    const type = current.type as BlockType;
    const { settings } = parseInput(blockInputSchema(type), input);
    await checkBlockReferences(trx, type, settings, now);
    const row = await trx
      .updateTable("subpage_blocks")
      .set({ settings: JSON.stringify(settings), updated_at: now })
      .where("id", "=", blockId)
      .returningAll()
      .executeTakeFirstOrThrow();
    return blockView(row);
  });
}
