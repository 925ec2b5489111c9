// POST /home/subpages/{subpageId}/blocks {type, settings} (spec §7 "store"): a new block at the end of the page,
// its settings checked with its type's schema (schemas.ts) and what they point at (check-block-references.ts).
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { objectInput } from "#core/shared/object-input.ts";
import { pathId } from "#core/shared/path-id.ts";
import { AppError } from "../errors.ts";
import { authorize, type Actor } from "../shared/actor.ts";
import { parseInput } from "../validation.ts";
import { checkBlockReferences } from "./check-block-references.ts";
import { type BlockView, blockView, requirePage } from "./page-records.ts";
import { canManagePages } from "./policies.ts";
import { BLOCKS_MAX, blockInputSchema, blockTypeSchema } from "./schemas.ts";

export async function createBlock(
  db: Db,
  actor: Actor,
  pageIdText: unknown,
  input: unknown,
  now: string = nowIso(),
): Promise<BlockView> {
  authorize(actor, canManagePages(actor));
  const pageId = pathId(pageIdText);
  const body = objectInput(input);
  const { type } = parseInput(blockTypeSchema, body);
  const { settings } = parseInput(blockInputSchema(type), body);
  return db.transaction().execute(async (trx) => {
    await requirePage(trx, pageId);
    await checkBlockReferences(trx, type, settings, now);
    const last = await trx
      .selectFrom("subpage_blocks")
      .select([(eb) => eb.fn.max("position").as("max"), (eb) => eb.fn.countAll<number>().as("n")])
      .where("subpage_id", "=", pageId)
      .executeTakeFirst();
    if (Number(last?.n ?? 0) >= BLOCKS_MAX)
      throw new AppError("validation", { messageKey: "pages:too_many_blocks", values: { max: BLOCKS_MAX } });
    const row = await trx
      .insertInto("subpage_blocks")
      .values({
        subpage_id: pageId,
        type,
        settings: JSON.stringify(settings),
        position: Number(last?.max ?? 0) + 1,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return blockView(row);
  });
}
