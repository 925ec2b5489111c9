// POST /search (spec §2 search modal, §3 Search result, §5): published courses whose title or description
// contains every word of the query, case- and accent-insensitively on both databases. Each course keeps a
// normalised copy of its title and description (courses.search_text, core/catalog/search-text.ts); the query is
// normalised the same way and each word is matched with LIKE, its wildcard characters escaped.
import { coverPhotoUrl } from "#core/catalog/cover-photo.ts";
import { normaliseForSearch } from "#core/catalog/search-text.ts";
import { parseInput } from "#core/validation.ts";
import { type Db, sql } from "#platform/db/connection.ts";
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

export async function searchCourses(db: Db, input: unknown): Promise<{ courses: SearchResultCourse[] }> {
  const { q } = parseInput(searchSchema, input);
  const words = searchWords(q);
  let query = db.selectFrom("courses").select(["id", "title", "slug", "cover_image"]).where("status", "=", "published");
  for (const word of words) {
    query = query.where(sql<boolean>`${sql.ref("search_text")} like ${containsPattern(word)} escape '\\'`);
  }
  const rows = await query.orderBy("title").orderBy("id").limit(SEARCH_RESULT_LIMIT).execute();
  return {
    courses: rows.map((row) => ({
      id: row.id,
      title: row.title,
      slug: row.slug,
      cover_photo: coverPhotoUrl(row.cover_image),
    })),
  };
}
