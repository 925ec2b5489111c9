// GET /home/articles (and its page): every article for the editor, newest first (by publication date, drafts
// without one first), each with its state (draft, scheduled, published).
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { type AdminArticle, adminArticle } from "./article-records.ts";
import { canManageArticles } from "./policies.ts";

export async function listArticles(db: Db, actor: Actor, now = nowIso()): Promise<AdminArticle[]> {
  authorize(actor, canManageArticles(actor));
  const rows = await db
    .selectFrom("articles")
    .selectAll()
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  // Drafts without a date first, then by date, newest first (the same on both engines, whatever they do with nulls).
  return rows
    .map((row) => adminArticle(row, now))
    .sort((a, b) => (b.published_at ?? "\uffff").localeCompare(a.published_at ?? "\uffff"));
}
