// /articles/{slug}: an article on show (an admin also sees drafts and scheduled ones, with a banner), with what
// stands between the reader and its body: a visitor gets the title and a log-in prompt for a students' article, a
// student without a membership a join prompt for a members' one, and never the body itself.
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import type { Article } from "#platform/db/schema.ts";
import { hasLiveMembership } from "../memberships/has-live-membership.ts";
import { type Actor, isAdmin, isSignedIn } from "../shared/actor.ts";
import { canPreviewArticles } from "./policies.ts";
import { type ArticleState, articleState, bodyBarrier } from "./visibility.ts";

export type ArticlePage = {
  article: Omit<Article, "body">;
  state: ArticleState;
  /** null when the reader may not read it */
  body: string | null;
  barrier: "none" | "login" | "membership";
};

export async function getArticlePage(db: Db, actor: Actor, slug: string, now = nowIso()): Promise<ArticlePage | null> {
  const row = await db.selectFrom("articles").selectAll().where("slug", "=", slug).executeTakeFirst();
  if (!row) return null;
  const state = articleState(row, now);
  if (state !== "published" && !canPreviewArticles(actor)) return null;
  const signedIn = isSignedIn(actor);
  const member =
    signedIn && row.visibility === "members" && !isAdmin(actor)
      ? await hasLiveMembership(db, actor.userId, now)
      : false;
  const barrier = bodyBarrier(row.visibility, { signedIn, admin: isAdmin(actor), member });
  const { body, ...article } = row;
  return { article, state, body: barrier === "none" ? body : null, barrier };
}
