// GET /home/articles/{id} (JSON callers) and the editor page /home/articles/{id}: one article for the editor.
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { pathId } from "../shared/path-id.ts";
import { type AdminArticle, adminArticle, requireArticle } from "./article-records.ts";
import { canManageArticles } from "./policies.ts";

export async function getEditedArticle(
  db: Db,
  actor: Actor,
  articleIdInput: unknown,
  now = nowIso(),
): Promise<AdminArticle> {
  authorize(actor, canManageArticles(actor));
  return adminArticle(await requireArticle(db, pathId(articleIdInput)), now);
}
