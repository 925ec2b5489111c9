// POST /search (spec §2 search modal, §3 Search result, §5): published courses whose title or description
// contains every word of the query, case- and accent-insensitively on both databases. Each course keeps a
// normalised copy of its title and description (courses.search_text, core/catalog/search-text.ts); the query is
// normalised the same way. The published courses' search copies are kept in memory (a write to courses in this
// process empties them, another process's within 5 s), in the database's own title order, and scanned there: a
// LIKE over every course row grew with the catalog (p99 2.6x from 5 to 1,005 courses, bench/learning.ts). A
// catalog larger than IN_MEMORY_LIMIT is searched in the database, each word matched with LIKE.
import { coverPhotoUrl } from "#core/catalog/cover-photo.ts";
import { normaliseForSearch } from "#core/catalog/search-text.ts";
import { parseInput } from "#core/validation.ts";
import { type Db, sql } from "#platform/db/connection.ts";
import { watchedCache } from "#platform/db/watched-cache.ts";
import { searchSchema } from "./schemas.ts";

export const SEARCH_RESULT_LIMIT = 20;

export type SearchResultCourse = { id: number; title: string; slug: string; cover_photo: string | null };

/** The words of a query as they are matched: normalised, each at most once. */
export function searchWords(q: string): string[] {
  return [...new Set(normaliseForSearch(q).split(" ").filter(Boolean))];
}

/** A LIKE pattern that finds `word` anywhere, with %, _ and the escape character itself taken literally. */
export function containsPattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export const IN_MEMORY_LIMIT = 20_000;

type Searchable = { id: number; title: string; slug: string; cover_image: string | null; search_text: string };

/**
 * The published courses in title order, and their search copies joined by newlines (normalised text never holds
 * one) with where each starts: the first word is looked for with one indexOf over the whole text, which stays
 * fast as the catalog grows, and only the courses it hits are checked for the other words.
 */
type SearchIndex = { courses: Searchable[]; text: string; starts: number[] };

function indexOf(courses: Searchable[]): SearchIndex {
  const starts: number[] = [];
  let at = 0;
  for (const course of courses) {
    starts.push(at);
    at += course.search_text.length + 1;
  }
  return { courses, text: courses.map((course) => course.search_text).join("\n"), starts };
}

/** The index of the course whose text holds `position` (starts is ascending). */
function courseAt(starts: number[], position: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle]! <= position) low = middle;
    else high = middle - 1;
  }
  return low;
}

function searchIndex(index: SearchIndex, words: string[]): Searchable[] {
  const [first, ...others] = words;
  if (first === undefined) return index.courses.slice(0, SEARCH_RESULT_LIMIT);
  const found: Searchable[] = [];
  let from = 0;
  while (found.length < SEARCH_RESULT_LIMIT) {
    const position = index.text.indexOf(first, from);
    if (position === -1) break;
    const at = courseAt(index.starts, position);
    const course = index.courses[at]!;
    if (others.every((word) => course.search_text.includes(word))) found.push(course);
    from = index.starts[at + 1] ?? index.text.length;
  }
  return found;
}

const publishedCourses = watchedCache<"published", SearchIndex | null>({
  tables: ["courses"],
  maxAgeMs: 5_000,
  maxEntries: 1,
  async load(db) {
    const rows = await db
      .selectFrom("courses")
      .select(["id", "title", "slug", "cover_image", "search_text"])
      .where("status", "=", "published")
      .orderBy("title")
      .orderBy("id")
      .limit(IN_MEMORY_LIMIT + 1)
      .execute();
    return rows.length > IN_MEMORY_LIMIT ? null : indexOf(rows);
  },
});

function toResult(row: Omit<Searchable, "search_text">): SearchResultCourse {
  return { id: row.id, title: row.title, slug: row.slug, cover_photo: coverPhotoUrl(row.cover_image) };
}

export async function searchCourses(db: Db, input: unknown): Promise<{ courses: SearchResultCourse[] }> {
  const { q } = parseInput(searchSchema, input);
  const words = searchWords(q);
  const index = await publishedCourses.get(db, "published");
  if (index) return { courses: searchIndex(index, words).map(toResult) };
  return searchInDatabase(db, words);
}

/** The same search as a query (the catalog is too large to keep in memory); exported for its tests. */
export async function searchCoursesInDatabase(db: Db, input: unknown): Promise<{ courses: SearchResultCourse[] }> {
  return searchInDatabase(db, searchWords(parseInput(searchSchema, input).q));
}

async function searchInDatabase(db: Db, words: string[]): Promise<{ courses: SearchResultCourse[] }> {
  let query = db.selectFrom("courses").select(["id", "title", "slug", "cover_image"]).where("status", "=", "published");
  for (const word of words) {
    query = query.where(sql<boolean>`${sql.ref("search_text")} like ${containsPattern(word)} escape '\\'`);
  }
  const rows = await query.orderBy("title").orderBy("id").limit(SEARCH_RESULT_LIMIT).execute();
  return { courses: rows.map(toResult) };
}
