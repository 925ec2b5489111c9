// An article as the editor reads it: its row, and the state the list shows (draft, scheduled, published).
import type { Db } from "#platform/db/connection.ts";
import type { Article } from "#platform/db/schema.ts";
import { AppError } from "../errors.ts";
import { type ArticleState, articleState } from "./visibility.ts";

export type AdminArticle = Article & { state: ArticleState };

export function adminArticle(article: Article, now: string): AdminArticle {
  return { ...article, state: articleState(article, now) };
}

export async function requireArticle(db: Db, articleId: number): Promise<Article> {
  const article = await db.selectFrom("articles").selectAll().where("id", "=", articleId).executeTakeFirst();
  if (!article) throw new AppError("not_found");
  return article;
}
