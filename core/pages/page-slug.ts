// A page lives at /{slug}, in the one namespace of first path segments it shares with courses (decision 0036):
// the admin's own address (normalised like a course's), not reserved by the site, not a course's nor another
// page's; or, left empty, one made from the title.
import type { Db } from "#platform/db/connection.ts";
import { fieldError } from "../errors.ts";
import { isReservedSlug, isSlugTaken, SLUG_MAX, slugify } from "../catalog/course-slug.ts";

export async function resolvePageSlug(
  db: Db,
  options: { wanted: string; title: string; pageId?: number },
): Promise<string> {
  const wanted = slugify(options.wanted);
  if (wanted) {
    if (isReservedSlug(wanted)) throw fieldError("slug", "authoring:slug_reserved");
    if (await isSlugTaken(db, wanted, undefined, options.pageId)) throw fieldError("slug", "pages:slug_taken");
    return wanted;
  }
  const base = slugify(options.title) || "page";
  for (let n = 1; n < 1000; n++) {
    const suffix = n === 1 ? "" : `-${n}`;
    const candidate = `${base.slice(0, SLUG_MAX - suffix.length).replace(/-+$/, "")}${suffix}`;
    if (isReservedSlug(candidate)) continue;
    if (!(await isSlugTaken(db, candidate, undefined, options.pageId))) return candidate;
  }
  throw fieldError("slug", "pages:slug_taken");
}

/** Two admins saving the same address at once: the unique index decides, the loser gets the 422. */
export function pageSlugRace(error: unknown): never {
  if (/unique|duplicate/i.test(String(error)) && /slug/i.test(String(error)))
    throw fieldError("slug", "pages:slug_taken");
  throw error;
}
