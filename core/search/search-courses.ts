// POST /search (spec §2 search modal, §3 Search result, §5): published courses whose title or description
// contains every word of the query, case- and accent-insensitively on both databases. Each course keeps a
// normalised copy of its title and description (courses.search_text, core/catalog/search-text.ts); the query is
// normalised the same way. The published courses' search copies are kept in memory with a trigram index (a write
// to courses in this process empties them, another process's within 5 s), in the database's own title order; a
// catalog larger than IN_MEMORY_LIMIT is searched in the database, each word matched with LIKE. Answers are not
// kept per query: with the catalog changing, that did not pay (bench/README.md, "Mixed reads and writes").
import { coverPhotoUrl } from "#core/catalog/cover-photo.ts";
import { normaliseForSearch } from "#core/catalog/search-text.ts";
import { parseInput } from "#core/validation.ts";
import { type Db, sql } from "#platform/db/connection.ts";
import { defineCache } from "#platform/cache/cache.ts";
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
 * The published courses in title order with a trigram index of their search copies: for each three-character
 * run, the courses (by position, ascending) whose text holds it. A word of three or more characters can only be
 * in a course that holds all its trigrams, so the search checks those few courses instead of every text (a scan
 * of every text grew with the catalog: p99 5x from 5 to 1,005 courses, bench/learning.ts). Words shorter than
 * three characters filter nothing; a query of only such words scans.
 */
type SearchIndex = { courses: Searchable[]; trigrams: Map<string, number[]> };

function buildIndex(courses: Searchable[]): SearchIndex {
  const trigrams = new Map<string, number[]>();
  courses.forEach((course, position) => {
    const text = course.search_text;
    for (let i = 0; i + 3 <= text.length; i++) {
      const trigram = text.slice(i, i + 3);
      let list = trigrams.get(trigram);
      if (!list) trigrams.set(trigram, (list = []));
      if (list[list.length - 1] !== position) list.push(position);
    }
  });
  return { courses, trigrams };
}

/** The positions in both ascending lists. */
function intersect(a: number[], b: number[]): number[] {
  const both: number[] = [];
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    if (a[i]! < b[j]!) i++;
    else if (a[i]! > b[j]!) j++;
    else {
      both.push(a[i]!);
      i++;
      j++;
    }
  }
  return both;
}

/** The positions of the courses that may hold every word, ascending; undefined when no word can narrow it. */
function candidates(index: SearchIndex, words: string[]): number[] | undefined {
  const lists: number[][] = [];
  for (const word of words) {
    for (let i = 0; i + 3 <= word.length; i++) {
      const list = index.trigrams.get(word.slice(i, i + 3));
      if (!list) return [];
      lists.push(list);
    }
  }
  if (lists.length === 0) return undefined;
  lists.sort((a, b) => a.length - b.length);
  let result = lists[0]!;
  for (let i = 1; i < lists.length && result.length > 0; i++) result = intersect(result, lists[i]!);
  return result;
}

function searchIndex(index: SearchIndex, words: string[]): Searchable[] {
  const positions = candidates(index, words);
  const pool = positions === undefined ? index.courses : positions.map((position) => index.courses[position]!);
  const found: Searchable[] = [];
  for (const course of pool) {
    if (words.every((word) => course.search_text.includes(word))) found.push(course);
    if (found.length === SEARCH_RESULT_LIMIT) break;
  }
  return found;
}

const publishedCourses = defineCache<"published", SearchIndex | null>({
  name: "search-index",
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
    return rows.length > IN_MEMORY_LIMIT ? null : buildIndex(rows);
  },
});

function toResult(row: Omit<Searchable, "search_text">): SearchResultCourse {
  return { id: row.id, title: row.title, slug: row.slug, cover_photo: coverPhotoUrl(row.cover_image) };
}

export async function searchCourses(db: Db, input: unknown): Promise<{ courses: SearchResultCourse[] }> {
  return searchByWords(db, searchWords(parseInput(searchSchema, input).q));
}

async function searchByWords(db: Db, words: string[]): Promise<{ courses: SearchResultCourse[] }> {
  const index = await publishedCourses.get(db, "published");
  if (index) return { courses: searchIndex(index, words).map(toResult) };
  return searchInDatabase(db, words);
}

/** searchCourses' answer as JSON text (422 for a bad q, as there). */
export async function searchAnswerJson(db: Db, input: unknown): Promise<string> {
  return JSON.stringify(await searchCourses(db, input));
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
