// The builder's page (/home/pages/{pageId}): the page, its blocks in order, the courses a checkout button or a
// countdown may name (with whether a promotion with an end is running, for the countdown's form), and the lead
// forms a lead form block may show.
import type { Db } from "#platform/db/connection.ts";
import { pathId } from "#core/shared/path-id.ts";
import { authorize, type Actor } from "../shared/actor.ts";
import { type BlockView, listBlocks, type PageView, pageView, requirePage } from "./page-records.ts";
import { canManagePages } from "./policies.ts";

export type CourseChoice = { id: number; title: string; promo_ends_at: string | null };
export type FormChoice = { id: number; name: string };

export async function getPageForEditing(
  db: Db,
  actor: Actor,
  pageIdText: unknown,
  now: string,
): Promise<{ page: PageView; blocks: BlockView[]; courses: CourseChoice[]; forms: FormChoice[] }> {
  authorize(actor, canManagePages(actor));
  const pageId = pathId(pageIdText);
  const page = await requirePage(db, pageId);
  const [blocks, courses, forms] = await Promise.all([
    listBlocks(db, pageId),
    db.selectFrom("courses").select(["id", "title", "promo_price_cents", "promo_ends_at"]).orderBy("title").execute(),
    db.selectFrom("lead_forms").select(["id", "name"]).orderBy("name").execute(),
  ]);
  return {
    page: pageView(page),
    blocks,
    forms,
    courses: courses.map((c) => ({
      id: c.id,
      title: c.title,
      promo_ends_at: c.promo_price_cents !== null && c.promo_ends_at && c.promo_ends_at > now ? c.promo_ends_at : null,
    })),
  };
}
