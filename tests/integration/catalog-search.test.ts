// POST /search {q} over HTTP, in an English and in a Polish school: published courses whose title or description
// has every word of the query, case- and accent-insensitively ('zrodla' finds 'Źródła', 'LODZ' finds 'Łódź');
// the spec's result shape; 422 with the q error in the school's language for an empty or over-long q; 419
// without the CSRF token. Run with TEST_DATABASE_URL for PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { visitor } from "../helpers/accounts.ts";
import type { BrowserClient } from "../helpers/browser-client.ts";
import { setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer, waitFor } from "../helpers/test-server.ts";
import { addCourse } from "./catalog-helpers.ts";

const messages = {
  en: { required: "This field is required.", max: "The text may not be longer than 100 characters." },
  pl: { required: "To pole jest wymagane.", max: "Treść nie może mieć więcej niż 100 znaków." },
} as const;

describe.each(["en", "pl"] as const)("search in a school in %s", (language) => {
  let server: TestServer;
  let admin: BrowserClient;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await setUpSchool(server, { language });
    await addCourse(server, {
      slug: "zrodla-swiatla",
      title: "Źródła światła",
      description: "Fotografia przy świetle zastanym.",
      cover_image: "covers/light.webp",
    });
    await addCourse(server, { slug: "lodz-nocą", title: "Spacerownik", description: "Architektura: ŁÓDŹ po zmroku." });
    await addCourse(server, { slug: "sourdough", title: "Sourdough Bread", description: "Baking with WILD yeast." });
    await addCourse(server, { slug: "ukryty", title: "Źródła ukryte", description: "draft", status: "draft" });
    await addCourse(server, {
      slug: "stary",
      title: "Źródła stare",
      description: "unpublished",
      status: "unpublished",
    });
  });
  afterAll(() => server?.stop());

  async function search(q: unknown) {
    const client = await visitor(server, "/courses");
    return client.post("/search", { q });
  }
  const slugs = async (q: string) => ((await search(q)).body.courses as { slug: string }[]).map((c) => c.slug).sort();

  it("finds courses case- and accent-insensitively in titles and descriptions", async () => {
    expect(await slugs("zrodla")).toEqual(["zrodla-swiatla"]);
    expect(await slugs("ŹRÓDŁA")).toEqual(["zrodla-swiatla"]);
    expect(await slugs("Swiatla")).toEqual(["zrodla-swiatla"]);
    expect(await slugs("LODZ")).toEqual(["lodz-nocą"]);
    expect(await slugs("łódź zmroku")).toEqual(["lodz-nocą"]);
    expect(await slugs("wild yeast")).toEqual(["sourdough"]);
    expect(await slugs("SOURDOUGH")).toEqual(["sourdough"]);
  });

  it("needs every word to match and finds only published courses", async () => {
    expect(await slugs("zrodla bread")).toEqual([]);
    expect(await slugs("nothing-like-this")).toEqual([]);
    expect(await slugs("ukryte")).toEqual([]);
    expect(await slugs("stare")).toEqual([]);
  });

  it("answers a query asked before anew at once when the admin publishes or renames a course", async () => {
    const id = await addCourse(server, {
      slug: "kept-answer",
      title: "Pinhole cameras",
      description: "Small film.",
      status: "draft",
    });
    expect(await slugs("pinhole")).toEqual([]);
    expect(await slugs("pinhole")).toEqual([]);
    expect((await admin.json("PUT", `/home/courses/${id}`, { status: "published" })).status).toBe(200);
    expect(await slugs("pinhole")).toEqual(["kept-answer"]);
    expect((await admin.json("PUT", `/home/courses/${id}`, { title: "Camera obscura" })).status).toBe(200);
    expect(await slugs("pinhole")).toEqual([]);
    expect(await slugs("obscura")).toEqual(["kept-answer"]);
  });

  it("finds a course another process publishes within seconds", async () => {
    expect(await slugs("daguerreotype")).toEqual([]);
    // addCourse writes through its own connection: for the server, another process.
    await addCourse(server, { slug: "elsewhere", title: "Daguerreotype" });
    await waitFor(async () => ((await slugs("daguerreotype")).length === 1 ? true : undefined), { timeoutMs: 9_000 });
  });

  it("answers {courses: [{id, title, slug, cover_photo}]}", async () => {
    const response = await search("zrodla");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      courses: [
        {
          id: expect.any(Number),
          title: "Źródła światła",
          slug: "zrodla-swiatla",
          cover_photo: "/files/covers/light.webp",
        },
      ],
    });
    expect((await search("bread")).body.courses[0].cover_photo).toBeNull();
  });

  it("answers 422 with the q error in the school's language for an empty or too long query", async () => {
    for (const q of [undefined, "", "   "]) {
      const response = await search(q);
      expect(response.status, JSON.stringify(q)).toBe(422);
      expect(response.body.errors.q).toEqual([messages[language].required]);
      expect(response.body.message).toBe(messages[language].required);
    }
    const long = await search("x".repeat(101));
    expect(long.status).toBe(422);
    expect(long.body.errors.q).toEqual([messages[language].max]);
    expect((await search("x".repeat(100))).status).toBe(200);
  });

  it("answers 419 without the CSRF token", async () => {
    const client = await visitor(server, "/courses");
    expect((await client.post("/search", { q: "zrodla" }, { csrf: false })).status).toBe(419);
  });
});
