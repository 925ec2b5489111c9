// DELETE /home/articles/{id}: removes an article (its cover image stays in the image library).
import type { Db } from "#platform/db/connection.ts";
import { AppError } from "../errors.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { pathId } from "../shared/path-id.ts";
import { canManageArticles } from "./policies.ts";

export async function deleteArticle(db: Db, actor: Actor, articleIdInput: unknown): Promise<void> {
  authorize(actor, canManageArticles(actor));
  const articleId = pathId(articleIdInput);
  const result = await db.deleteFrom("articles").where("id", "=", articleId).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw new AppError("not_found");
}
