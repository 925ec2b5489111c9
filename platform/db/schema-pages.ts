// Kysely table types of pages made of blocks (migration 0031); the conventions of schema.ts hold here too.
import type { Generated, Selectable } from "kysely";

export type SubpageStatus = "draft" | "published";

export type SubpageTable = {
  id: Generated<number>;
  /** the page's address /{slug}; one namespace with course slugs (core/pages/page-slug.ts) */
  slug: string;
  title: string;
  status: Generated<SubpageStatus>;
  seo_title: Generated<string>;
  seo_description: Generated<string>;
  published_at: string | null;
  created_at: string;
  updated_at: string;
};

export type SubpageBlockTable = {
  id: Generated<number>;
  subpage_id: number;
  /** core/pages/block-settings.ts: blockTypes */
  type: string;
  /** JSON, shape by type: core/pages/block-settings.ts */
  settings: Generated<string>;
  position: number;
  created_at: string;
  updated_at: string;
};

/** An evergreen countdown's end for one visitor (the visitor cookie's value, hashed). */
export type CountdownDeadlineTable = {
  id: Generated<number>;
  block_id: number;
  visitor: string;
  ends_at: string;
  created_at: string;
};

export type PageTables = {
  subpages: SubpageTable;
  subpage_blocks: SubpageBlockTable;
  countdown_deadlines: CountdownDeadlineTable;
};

export type Subpage = Selectable<SubpageTable>;
export type SubpageBlock = Selectable<SubpageBlockTable>;
