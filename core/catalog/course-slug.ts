// A course lives at /{slug} (spec §2), so a slug is one URL segment: lower-case ASCII letters, digits and
// hyphens, generated from the title (Polish letters transliterated: "Łódź" -> "lodz"), unique, and never one of
// the first path segments the application itself uses.
import type { Db } from "#platform/db/connection.ts";
import { fieldError } from "../errors.ts";

export const SLUG_MAX = 80;

/** First path segments of the application's own pages and calls: a course slug may not take them. */
export const reservedSlugs: ReadonlySet<string> = new Set([
  "setup",
  "login",
  "register",
  "logout",
  "forgot-password",
  "reset-password",
  "my",
  "home",
  "courses",
  "search",
  "files",
  "uploads",
  "videos",
  "assets",
  "json",
  "comments",
  "comment",
  "replies",
  "vote",
  "lecture",
  "community",
  "subscribe",
  "checkout",
  "transaction",
  "student",
  "survey",
  "lead",
  "leads",
  "stripe",
  "api",
  "products",
  "payments",
  "invitations",
  "access-manager",
  "tus",
  "certificates",
  // the school's legal pages (issue 16); sitemap.xml and robots.txt hold a dot, which no slug does
  "terms",
  "privacy",
  "withdrawal",
  // the school's articles (issue 16, item 5)
  "articles",
]);

// Letters that Unicode decomposition does not turn into a base letter plus a mark.
const transliterations: Record<string, string> = { ł: "l", ß: "ss", æ: "ae", ø: "o", đ: "d", œ: "oe", þ: "th" };

/** "Podstawy fotografii: światło & kolor" -> "podstawy-fotografii-swiatlo-kolor" ("" when nothing is left). */
export function slugify(text: string): string {
  const ascii = text
    .toLowerCase()
    .replace(/[łßæøđœþ]/g, (letter) => transliterations[letter]!)
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  if (ascii.length <= SLUG_MAX) return ascii;
  // Cut at a word boundary when there is one not too far back.
  const cut = ascii.slice(0, SLUG_MAX);
  const lastHyphen = cut.lastIndexOf("-");
  return (lastHyphen > SLUG_MAX / 2 ? cut.slice(0, lastHyphen) : cut).replace(/-+$/, "");
}

export function isReservedSlug(slug: string): boolean {
  return reservedSlugs.has(slug);
}

/**
 * Whether /{slug} already names something: a course (other than exceptCourseId) or one of the admin's pages
 * (other than exceptPageId). Courses and pages share the one namespace of first path segments (decision 0036).
 */
export async function isSlugTaken(
  db: Db,
  slug: string,
  exceptCourseId?: number,
  exceptPageId?: number,
): Promise<boolean> {
  let courses = db.selectFrom("courses").select("id").where("slug", "=", slug);
  if (exceptCourseId !== undefined) courses = courses.where("id", "!=", exceptCourseId);
  if (await courses.executeTakeFirst()) return true;
  let pages = db.selectFrom("subpages").select("id").where("slug", "=", slug);
  if (exceptPageId !== undefined) pages = pages.where("id", "!=", exceptPageId);
  return Boolean(await pages.executeTakeFirst());
}

/**
 * A free slug generated from a title: the title's slug, or with "-2", "-3"... appended when it is taken or
 * reserved. An empty result (a title of symbols only) becomes "course".
 */
export async function generateCourseSlug(db: Db, title: string, exceptCourseId?: number): Promise<string> {
  const base = slugify(title) || "course";
  for (let n = 1; n < 1000; n++) {
    const suffix = n === 1 ? "" : `-${n}`;
    const candidate = `${base.slice(0, SLUG_MAX - suffix.length).replace(/-+$/, "")}${suffix}`;
    if (isReservedSlug(candidate)) continue;
    if (!(await isSlugTaken(db, candidate, exceptCourseId))) return candidate;
  }
  return `${base.slice(0, SLUG_MAX - 9)}-${Date.now().toString(36)}`;
}

/**
 * The slug a course is saved with: the author's own (normalised, not reserved, not taken by another course:
 * otherwise a 422 on "slug"), or, when they left it empty, one generated from the title.
 */
export async function resolveCourseSlug(
  db: Db,
  options: { wanted: string; title: string; courseId?: number },
): Promise<string> {
  const slug = slugify(options.wanted);
  if (!slug) return generateCourseSlug(db, options.title, options.courseId);
  if (isReservedSlug(slug)) throw fieldError("slug", "authoring:slug_reserved");
  if (await isSlugTaken(db, slug, options.courseId)) throw fieldError("slug", "validation:unique");
  return slug;
}

/** Two authors saving the same slug at once: the database's unique index decides, the loser gets the 422. */
export function slugRaceToValidation(error: unknown): never {
  if (/unique|duplicate/i.test(String(error)) && /slug/i.test(String(error)))
    throw fieldError("slug", "validation:unique");
  throw error;
}
