// Articles (issue 16, item 5): the admin's article editor and the public feed.
// - GET /home/articles (JSON callers; the browser gets the page): every article with its state;
// - POST /home/articles: a new article; GET /home/articles/{id} (JSON callers), PUT /home/articles/{id},
//   DELETE /home/articles/{id};
// - GET /articles/rss.xml: the RSS 2.0 feed of the public articles on show, from the school's public address
//   (404 before it is known, as the sitemap).
// Admin calls answer 401 without a session and 403 for students, whatever the ids.
import type { FastifyInstance } from "fastify";
import { listFeedItems, rssXml } from "#core/articles/articles-feed.ts";
import { createArticle } from "#core/articles/create-article.ts";
import { deleteArticle } from "#core/articles/delete-article.ts";
import { getEditedArticle } from "#core/articles/get-edited-article.ts";
import { listArticles } from "#core/articles/list-articles.ts";
import { updateArticle } from "#core/articles/update-article.ts";
import { publicAddressOf } from "#core/school/public-address.ts";
import { translator } from "#platform/i18n/index.ts";
import type { Services } from "../services.ts";
import { jsonCallsOnly } from "../http/negotiation.ts";
import { limited, routeLimits } from "../http/route-limits.ts";

export async function articleRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const staff = limited(routeLimits.staff);
  const { db } = services;
  const articleId = (params: unknown) => (params as { id?: string }).id;

  app.get("/home/articles", jsonCallsOnly(app), async (request) => ({
    articles: await listArticles(db, request.ctx.actor),
  }));

  app.post("/home/articles", staff, async (request) => ({
    article: await createArticle(db, request.ctx.actor, request.body),
  }));

  // Digits only: the editor page's own data request (/home/articles/12.data) must fall through to the pages.
  app.get("/home/articles/:id(^\\d+$)", jsonCallsOnly(app), async (request) => ({
    article: await getEditedArticle(db, request.ctx.actor, articleId(request.params)),
  }));

  app.put("/home/articles/:id", staff, async (request) => ({
    article: await updateArticle(db, request.ctx.actor, articleId(request.params), request.body),
  }));

  app.delete("/home/articles/:id", staff, async (request) => {
    await deleteArticle(db, request.ctx.actor, articleId(request.params));
    return { ok: true };
  });

  app.get("/articles/rss.xml", async (request, reply) => {
    const school = request.ctx.school;
    const origin = publicAddressOf(services.config.APP_URL, school);
    if (!school || !origin) return reply.code(404).type("text/plain; charset=utf-8").send("Not found\n");
    const t = translator(school.language);
    const items = await listFeedItems(db, origin);
    const xml = rssXml(
      {
        title: t("articles:feed_title", { school: school.name }),
        description: school.description || t("articles:list_intro"),
        language: school.language,
        origin,
      },
      items,
    );
    return reply.type("application/rss+xml; charset=utf-8").header("Cache-Control", "public, max-age=300").send(xml);
  });
}
