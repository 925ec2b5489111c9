// PUT /home/pages/{pageId} {title, slug, seo_title, seo_description, status}: the page's own fields; status
// "published" publishes it (visitors see it at /{slug}), "draft" takes it back (a 404 for visitors again).
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { pathId } from "#core/shared/path-id.ts";
import { authorize, type Actor } from "../shared/actor.ts";
import { parseInput } from "../validation.ts";
import { pageSlugRace, resolvePageSlug } from "./page-slug.ts";
import { type PageView, pageView, requirePage } from "./page-records.ts";
import { canManagePages } from "./policies.ts";
import { pageSchema } from "./schemas.ts";

export async function updatePage(db: Db, actor: Actor, pageIdText: unknown, input: unknown): Promise<PageView> {
  authorize(actor, canManagePages(actor));
  const pageId = pathId(pageIdText);
  const fields = parseInput(pageSchema, input);
  return db.transaction().execute(async (trx) => {
    const current = await requirePage(trx, pageId);
    const slug =
      fields.slug === current.slug
        ? current.slug
        : await resolvePageSlug(trx, { wanted: fields.slug, title: fields.title, pageId });
    const now = nowIso();
    const row = await trx
      .updateTable("subpages")
      .set({
        slug,
        title: fields.title,
        status: fields.status,
        seo_title: fields.seo_title,
        seo_description: fields.seo_description,
        published_at: fields.status === "published" ? (current.published_at ?? now) : null,
        updated_at: now,
      })
      .where("id", "=", pageId)
      .returningAll()
      .executeTakeFirstOrThrow()
      .catch(pageSlugRace);
    return pageView(row);
  });
}
