// GET /home/pages: the admin's pages, newest first, with how many blocks each has.
import type { Db } from "#platform/db/connection.ts";
import { authorize, type Actor } from "../shared/actor.ts";
import { type PageView, pageView } from "./page-records.ts";
import { canManagePages } from "./policies.ts";

export async function listPages(db: Db, actor: Actor): Promise<(PageView & { blocks: number })[]> {
  authorize(actor, canManagePages(actor));
  const rows = await db
    .selectFrom("subpages")
    .selectAll("subpages")
    .select((eb) =>
      eb
        .selectFrom("subpage_blocks")
        .select((b) => b.fn.countAll<number>().as("n"))
        .whereRef("subpage_blocks.subpage_id", "=", "subpages.id")
        .as("blocks"),
    )
    .orderBy("subpages.id", "desc")
    .execute();
  return rows.map((row) => ({ ...pageView(row), blocks: Number(row.blocks ?? 0) }));
}
