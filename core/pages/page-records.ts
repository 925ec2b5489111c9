// The rows of pages and blocks as the use-cases of core/pages read them, and how they are shown to callers.
import type { Db } from "#platform/db/connection.ts";
import type { Subpage, SubpageBlock } from "#platform/db/schema.ts";
import { AppError } from "../errors.ts";
import type { BlockType } from "./schemas.ts";

export type PageView = {
  id: number;
  slug: string;
  title: string;
  status: Subpage["status"];
  seo_title: string;
  seo_description: string;
  published_at: string | null;
  updated_at: string;
};

export type BlockView = { id: number; type: BlockType; settings: Record<string, unknown>; position: number };

export function pageView(row: Subpage): PageView {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    status: row.status,
    seo_title: row.seo_title,
    seo_description: row.seo_description,
    published_at: row.published_at,
    updated_at: row.updated_at,
  };
}

export function blockView(row: SubpageBlock): BlockView {
  return {
    id: row.id,
    type: row.type as BlockType,
    settings: JSON.parse(row.settings) as Record<string, unknown>,
    position: row.position,
  };
}

export async function requirePage(db: Db, pageId: number): Promise<Subpage> {
  const page = await db.selectFrom("subpages").selectAll().where("id", "=", pageId).executeTakeFirst();
  if (!page) throw new AppError("not_found");
  return page;
}

/** A block of this page; a block of another page is a 404 like one that does not exist. */
export async function requireBlock(db: Db, pageId: number, blockId: number): Promise<SubpageBlock> {
  const block = await db
    .selectFrom("subpage_blocks")
    .selectAll()
    .where("id", "=", blockId)
    .where("subpage_id", "=", pageId)
    .executeTakeFirst();
  if (!block) throw new AppError("not_found");
  return block;
}

export async function listBlocks(db: Db, pageId: number): Promise<BlockView[]> {
  const rows = await db
    .selectFrom("subpage_blocks")
    .selectAll()
    .where("subpage_id", "=", pageId)
    .orderBy("position")
    .orderBy("id")
    .execute();
  return rows.map(blockView);
}
