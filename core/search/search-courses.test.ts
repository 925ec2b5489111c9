import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { courseSearchText, normaliseForSearch } from "#core/catalog/search-text.ts";
import { isAppError } from "#core/errors.ts";
import type { Db } from "#platform/db/connection.ts";
import type { CourseStatus } from "#platform/db/schema.ts";
import { createUnitDatabase, type UnitDatabase } from "#tests/helpers/unit-database.ts";
import {
  containsPattern,
  SEARCH_RESULT_LIMIT,
  searchCourses,
  searchCoursesInDatabase,
  searchWords,
} from "./search-courses.ts";

describe("normalising queries and course texts", () => {
  it("lower-cases, drops Polish and other diacritics, and squeezes spaces", () => {
    expect(normaliseForSearch("  Źródła   ŚWIATŁA\tżółć ")).toBe("zrodla swiatla zolc");
    expect(normaliseForSearch("ŁÓDŹ")).toBe("lodz");
    expect(normaliseForSearch("Ąę Ćń Óś Źż Łł")).toBe("ae cn os zz ll");
    expect(normaliseForSearch("Café Crème")).toBe("cafe creme");
  });

  it("splits a query into its distinct words", () => {
    expect(searchWords("  Łódź  lodz  Kurs ")).toEqual(["lodz", "kurs"]);
    expect(searchWords("   ")).toEqual([]);
  });

  it("escapes LIKE's wildcards so that they match themselves", () => {
    expect(containsPattern("100%")).toBe("%100\\%%");
    expect(containsPattern("a_b")).toBe("%a\\_b%");
    expect(containsPattern("c:\\x")).toBe("%c:\\\\x%");
  });
});

// The same rules whether the published courses are searched in memory or, for a catalog too large for that, in
// the database.
describe.each([
  ["in memory", searchCourses],
  ["in the database", searchCoursesInDatabase],
] as const)("searchCourses %s", (_where, search) => {
  let database: UnitDatabase;
  let db: Db;

  beforeAll(async () => {
    database = await createUnitDatabase();
    db = database.handle.db;
  });
  afterAll(() => database?.drop());
  beforeEach(async () => {
    await db.deleteFrom("courses").execute();
  });

  async function addCourse(
    slug: string,
    title: string,
    description: string,
    status: CourseStatus = "published",
    cover: string | null = null,
  ) {
    const now = new Date().toISOString();
    await db
      .insertInto("courses")
      .values({
        slug,
        title,
        description,
        status,
        price_cents: 1000,
        currency: "PLN",
        created_at: now,
        updated_at: now,
        cover_image: cover,
        search_text: courseSearchText({ title, description }),
      })
      .execute();
  }

  const slugsFor = async (q: string) => (await search(db, { q })).courses.map((c) => c.slug).sort();

  it("finds titles and descriptions case- and accent-insensitively, in both directions", async () => {
    await addCourse("zrodla", "Źródła światła", "Fotografia w plenerze");
    await addCourse("lodz", "Spacer", "Architektura Łodzi i okolic: Łódź nocą");
    await addCourse("english", "Cooking Basics", "Knife skills and SAUCES");
    expect(await slugsFor("zrodla")).toEqual(["zrodla"]);
    expect(await slugsFor("ŹRÓDŁA")).toEqual(["zrodla"]);
    expect(await slugsFor("Światła")).toEqual(["zrodla"]);
    expect(await slugsFor("LODZ")).toEqual(["lodz"]);
    expect(await slugsFor("łódź")).toEqual(["lodz"]);
    expect(await slugsFor("plenerze")).toEqual(["zrodla"]);
    expect(await slugsFor("sauces")).toEqual(["english"]);
    expect(await slugsFor("cOoKiNg")).toEqual(["english"]);
  });

  it("needs every word of the query to match, in any order and anywhere", async () => {
    await addCourse("a", "Photography for beginners", "Light and composition");
    await addCourse("b", "Photography for pros", "Studio flash");
    expect(await slugsFor("photography")).toEqual(["a", "b"]);
    expect(await slugsFor("composition photo")).toEqual(["a"]);
    expect(await slugsFor("photography video")).toEqual([]);
    // A word matches inside a longer one.
    expect(await slugsFor("graph")).toEqual(["a", "b"]);
  });

  it("lists a course once however often it holds a word, in title order, and never matches across two courses", async () => {
    await addCourse("c", "Clay clay clay", "Clay bowls and clay cups");
    await addCourse("a", "Aquarelle clay", "No glaze");
    await addCourse("b", "Bowls", "Glaze and clay");
    const ordered = async (q: string) => (await search(db, { q })).courses.map((c) => c.slug);
    expect(await ordered("clay")).toEqual(["a", "b", "c"]);
    expect(await ordered("clay glaze")).toEqual(["a", "b"]);
    // "…no glaze" ends one course's text and "bowls…" starts the next one's.
    expect(await ordered("glazebowls")).toEqual([]);
  });

  it("finds words shorter than three characters too, alone or beside longer ones", async () => {
    await addCourse("sql", "SQL in a day", "Joins and indexes");
    await addCourse("go", "Go for services", "Concurrency");
    expect(await slugsFor("sq")).toEqual(["sql"]);
    expect(await slugsFor("go services")).toEqual(["go"]);
    expect(await slugsFor("go joins")).toEqual([]);
  });

  it("lists only published courses", async () => {
    await addCourse("live", "Watercolour", "");
    await addCourse("draft", "Watercolour draft", "", "draft");
    await addCourse("gone", "Watercolour old", "", "unpublished");
    expect(await slugsFor("watercolour")).toEqual(["live"]);
  });

  it("takes % and _ in a query literally", async () => {
    await addCourse("percent", "Save 100% of your time", "");
    await addCourse("plain", "Save 1000 hours", "");
    await addCourse("under", "snake_case naming", "");
    await addCourse("space", "snake case naming", "");
    expect(await slugsFor("100%")).toEqual(["percent"]);
    expect(await slugsFor("e_c")).toEqual(["under"]);
  });

  it("answers id, title, slug and the cover photo's address (null without one)", async () => {
    await addCourse("with", "Pottery", "", "published", "covers/pot.webp");
    await addCourse("without", "Pottery two", "");
    const { courses } = await search(db, { q: "pottery" });
    expect(courses).toEqual([
      { id: expect.any(Number), title: "Pottery", slug: "with", cover_photo: "/files/covers/pot.webp" },
      { id: expect.any(Number), title: "Pottery two", slug: "without", cover_photo: null },
    ]);
  });

  it(`answers at most ${SEARCH_RESULT_LIMIT} courses`, async () => {
    for (let i = 0; i < SEARCH_RESULT_LIMIT + 5; i++) await addCourse(`c${i}`, `Course ${i}`, "same words");
    expect((await search(db, { q: "same" })).courses).toHaveLength(SEARCH_RESULT_LIMIT);
  });

  it("refuses an empty or whitespace query and one over 100 characters with a q error", async () => {
    for (const input of [{}, { q: "" }, { q: "   " }, { q: "x".repeat(101) }, { q: 5 }]) {
      const error = await search(db, input).catch((e: unknown) => e);
      expect(isAppError(error), JSON.stringify(input)).toBe(true);
      expect(Object.keys((error as { fields: object }).fields)).toEqual(["q"]);
    }
    await expect(search(db, { q: "x".repeat(100) })).resolves.toEqual({ courses: [] });
  });
});
