// POST /home/pages {title, slug?, seo_title?, seo_description?}: a new draft page at a free address.
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { authorize, type Actor } from "../shared/actor.ts";
import { parseInput } from "../validation.ts";
import { pageSlugRace, resolvePageSlug } from "./page-slug.ts";
import { type PageView, pageView } from "./page-records.ts";
import { canManagePages } from "./policies.ts";
import { pageSchema } from "./schemas.ts";

export async function createPage(db: Db, actor: Actor, input: unknown): Promise<PageView> {
  authorize(actor, canManagePages(actor));
  const fields = parseInput(pageSchema, input);
  return db.transaction().execute(async (trx) => {
    const slug = await resolvePageSlug(trx, { wanted: fields.slug, title: fields.title });
    const now = nowIso();
    const row = await trx
      .insertInto("subpages")
      .values({
        slug,
        title: fields.title,
        status: "draft",
        seo_title: fields.seo_title,
        seo_description: fields.seo_description,
        published_at: null,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
      .catch(pageSlugRace);
    return pageView(row);
  });
}
