// DELETE /home/pages/{pageId}: the page and its blocks (and their visitors' countdown deadlines, by cascade).
import type { Db } from "#platform/db/connection.ts";
import { pathId } from "#core/shared/path-id.ts";
import { authorize, type Actor } from "../shared/actor.ts";
import { requirePage } from "./page-records.ts";
import { canManagePages } from "./policies.ts";

export async function deletePage(db: Db, actor: Actor, pageIdText: unknown): Promise<void> {
  authorize(actor, canManagePages(actor));
  const pageId = pathId(pageIdText);
  await db.transaction().execute(async (trx) => {
    await requirePage(trx, pageId);
    await trx.deleteFrom("subpages").where("id", "=", pageId).execute();
  });
}
