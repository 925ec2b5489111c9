// Arranging pages of blocks through the admin's calls, shared by the pages' integration files.
import { expect } from "vitest";
import type { BrowserClient } from "../helpers/browser-client.ts";

/** The §7 block calls' address for a page (`/home/subpages/{id}/blocks`). */
export const blocksOf = (pageId: number) => `/home/subpages/${pageId}/blocks`;

/** A new draft page through POST /home/pages (an empty slug: made from the title). */
export async function createPage(
  admin: BrowserClient,
  title: string,
  slug = "",
): Promise<{ id: number; slug: string }> {
  const created = await admin.post("/home/pages", { title, slug });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.page;
}
