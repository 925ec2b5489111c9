import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "#platform/db/connection.ts";
import { createUnitDatabase, type UnitDatabase } from "#tests/helpers/unit-database.ts";
import { isAppError } from "../errors.ts";
import {
  SLUG_MAX,
  generateCourseSlug,
  isReservedSlug,
  reservedSlugs,
  resolveCourseSlug,
  slugify,
} from "./course-slug.ts";

describe("slugify", () => {
  it("transliterates every Polish letter, in both cases", () => {
    expect(slugify("Zażółć gęślą jaźń")).toBe("zazolc-gesla-jazn");
    expect(slugify("ŁÓDŹ, ŚWIĘTY ĆMA Ń")).toBe("lodz-swiety-cma-n");
    expect(slugify("Podstawy fotografii: światło & kolor")).toBe("podstawy-fotografii-swiatlo-kolor");
  });

  it("keeps letters and digits, joins the rest into single hyphens, trims them", () => {
    expect(slugify("  React 19 -- the  NEW bits!!  ")).toBe("react-19-the-new-bits");
    expect(slugify("Straße über Øresund")).toBe("strasse-uber-oresund");
    expect(slugify("!!!")).toBe("");
  });

  it("cuts long titles at a word boundary within the limit", () => {
    const slug = slugify("word ".repeat(40));
    expect(slug.length).toBeLessThanOrEqual(SLUG_MAX);
    expect(slug.endsWith("-")).toBe(false);
    expect(slug).toMatch(/^(word-)*word$/);
  });

  it("knows the application's own first path segments", () => {
    const pages = [
      "setup",
      "login",
      "home",
      "courses",
      "checkout",
      "api",
      "forgot-password",
      "my",
      "certificates",
      "terms",
      "privacy",
      "withdrawal",
      "articles",
      "leads",
    ];
    const selling = ["products", "payments", "transaction", "invitations", "access-manager"];
    for (const word of [...pages, ...selling]) expect(isReservedSlug(word)).toBe(true);
    expect(reservedSlugs.size).toBe(40);
    expect(isReservedSlug("photography")).toBe(false);
  });
});

describe("course slugs in the database", () => {
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

  async function addCourse(slug: string) {
    const now = new Date().toISOString();
    await db
      .insertInto("courses")
      .values({
        slug,
        title: slug,
        description: "",
        status: "draft",
        price_cents: 0,
        currency: "EUR",
        created_at: now,
        updated_at: now,
      })
      .execute();
  }

  it("appends -2, -3 ... when the title's slug is taken", async () => {
    expect(await generateCourseSlug(db, "Łódź nocą")).toBe("lodz-noca");
    await addCourse("lodz-noca");
    expect(await generateCourseSlug(db, "Łódź nocą")).toBe("lodz-noca-2");
    await addCourse("lodz-noca-2");
    expect(await generateCourseSlug(db, "Łódź nocą")).toBe("lodz-noca-3");
  });

  it("never generates a reserved word, and names a title without letters 'course'", async () => {
    expect(await generateCourseSlug(db, "Courses")).toBe("courses-2");
    expect(await generateCourseSlug(db, "Login")).toBe("login-2");
    expect(await generateCourseSlug(db, "???")).toBe("course");
  });

  it("lets a course keep its own slug", async () => {
    await addCourse("mine");
    const { id } = await db.selectFrom("courses").select("id").where("slug", "=", "mine").executeTakeFirstOrThrow();
    expect(await generateCourseSlug(db, "Mine", id)).toBe("mine");
    expect(await resolveCourseSlug(db, { wanted: "mine", title: "x", courseId: id })).toBe("mine");
  });

  it("refuses an author's slug that is reserved or taken, with a 422 on the slug", async () => {
    await addCourse("taken");
    const failure = async (wanted: string) => {
      try {
        await resolveCourseSlug(db, { wanted, title: "Anything" });
      } catch (error) {
        if (isAppError(error)) return { status: error.status, fields: error.fields };
        throw error;
      }
      throw new Error("no error");
    };
    expect(await failure("taken")).toEqual({ status: 422, fields: { slug: [{ key: "validation:unique" }] } });
    expect(await failure("Checkout")).toEqual({ status: 422, fields: { slug: [{ key: "authoring:slug_reserved" }] } });
    // An author's slug is normalised like a title; an empty one is generated from the title.
    expect(await resolveCourseSlug(db, { wanted: "Mój Kurs", title: "x" })).toBe("moj-kurs");
    expect(await resolveCourseSlug(db, { wanted: "", title: "Ósemka" })).toBe("osemka");
  });
});
