// Courses in the authoring API (a Polish school, so every 422 speaks Polish): create with a generated,
// unique, unreserved slug; read; update (partial, checked as a whole); publish (published_at, the catalog's
// cache version); price history; search_text; delete with everything under it; the "New course" plain form.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserClient } from "../helpers/browser-client.ts";
import { setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { addComponent, arrangeCourse, catalogVersion, expectCatalogBump, markdown } from "./authoring-helpers.ts";

let server: TestServer;
let admin: BrowserClient;

beforeAll(async () => {
  server = await startTestServer();
  admin = await setUpSchool(server, { language: "pl" });
});
afterAll(() => server?.stop());

const courseRow = (id: number) =>
  server.handle.db.selectFrom("courses").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const priceRows = (id: number) =>
  server.handle.db
    .selectFrom("course_price_changes")
    .select(["price_cents", "promo_price_cents", "promo_starts_at", "promo_ends_at"])
    .where("course_id", "=", id)
    .orderBy("id")
    .execute();

describe("creating a course", () => {
  it("generates the slug from the title, transliterating Polish letters, in the school's currency", async () => {
    const response = await expectCatalogBump(server, () =>
      admin.post("/home/courses", { title: "Zażółć gęślą jaźń", description: "Opis **kursu**" }),
    );
    expect(response.status).toBe(200);
    expect(response.body.course).toMatchObject({
      title: "Zażółć gęślą jaźń",
      slug: "zazolc-gesla-jazn",
      status: "draft",
      published_at: null,
      currency: "PLN",
      price_cents: 0,
      vat_rate: 23,
    });
    const row = await courseRow(response.body.course.id);
    expect(row.search_text).toBe("zazolc gesla jazn opis **kursu**");
    expect(await priceRows(row.id)).toEqual([
      { price_cents: 0, promo_price_cents: null, promo_starts_at: null, promo_ends_at: null },
    ]);

    // The same title again gets a free slug; a reserved word is never generated.
    const again = await admin.post("/home/courses", { title: "Zażółć gęślą jaźń" });
    expect(again.body.course.slug).toBe("zazolc-gesla-jazn-2");
    const reserved = await admin.post("/home/courses", { title: "Courses" });
    expect(reserved.body.course.slug).toBe("courses-2");
  });

  it("takes the author's own slug, normalised", async () => {
    const response = await admin.post("/home/courses", { title: "Mój kurs", slug: "Mój Własny Adres" });
    expect(response.body.course.slug).toBe("moj-wlasny-adres");
  });

  it("answers 422 in Polish for a missing title, a reserved or taken slug, bad numbers", async () => {
    const missing = await admin.post("/home/courses", { title: "  " });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.title).toEqual(["To pole jest wymagane."]);

    const reserved = await admin.post("/home/courses", { title: "Kurs", slug: "checkout" });
    expect(reserved.status).toBe(422);
    expect(reserved.body.errors.slug).toEqual(["Tego adresu używa sama strona. Wybierz inny."]);

    const taken = await admin.post("/home/courses", { title: "Kurs", slug: "moj-wlasny-adres" });
    expect(taken.status).toBe(422);
    expect(taken.body.errors.slug).toEqual(["Podana nazwa jest zajęta."]);
    expect(taken.body.message).toBe("Podana nazwa jest zajęta.");

    const numbers = await admin.post("/home/courses", {
      title: "Kurs",
      price_cents: -5,
      vat_rate: 101,
      currency: "XYZ",
    });
    expect(numbers.status).toBe(422);
    expect(numbers.body.errors.price_cents).toEqual(["Wartość minimalna: 0."]);
    expect(numbers.body.errors.vat_rate).toEqual(["Wartość maksymalna: 100."]);
    expect(numbers.body.errors.currency).toEqual(["Wybierz jedną z opcji."]);

    const notAnObject = await admin.post("/home/courses", ["title"]);
    expect(notAnObject.status).toBe(422);
  });
});

describe("reading courses", () => {
  it("lists every course with its status, price and lecture counts, and reads one with its curriculum", async () => {
    const course = await arrangeCourse(admin, {
      title: "Policzony",
      price_cents: 9900,
      sections: [
        { title: "Jeden", lectures: ["A", "B"] },
        { title: "Dwa", lectures: ["C"] },
      ],
    });
    const list = await admin.json("GET", "/home/courses");
    expect(list.status).toBe(200);
    const entry = list.body.courses.find((c: { id: number }) => c.id === course.id);
    expect(entry).toMatchObject({
      title: "Policzony",
      status: "draft",
      price_cents: 9900,
      currency: "PLN",
      section_count: 2,
      lecture_count: 3,
      published_lecture_count: 0,
    });
    // The most recently changed first.
    expect(list.body.courses[0].id).toBe(course.id);

    const one = await admin.json("GET", `/home/courses/${course.id}`);
    expect(one.status).toBe(200);
    expect(one.body.course.title).toBe("Policzony");
    expect(
      one.body.sections.map((s: { title: string; lectures: { title: string }[] }) => [
        s.title,
        s.lectures.map((l) => l.title),
      ]),
    ).toEqual([
      ["Jeden", ["A", "B"]],
      ["Dwa", ["C"]],
    ]);
  });

  it("serves the editor's page, not JSON, to a browser's navigation of the same address", async () => {
    const course = await arrangeCourse(admin, { title: "Strona" });
    const list = await admin.page("/home/courses");
    expect(list.status).toBe(200);
    expect(list.html).toContain("<!DOCTYPE html>");
    const page = await admin.page(`/home/courses/${course.id}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain("Strona");
  });
});

describe("updating a course", () => {
  it("changes only the fields sent and checks the whole course again", async () => {
    const { id } = await arrangeCourse(admin, { title: "Do zmiany", price_cents: 20_000, author_name: "Anna" });
    const renamed = await admin.json("PUT", `/home/courses/${id}`, { title: "Zmieniony", seo_title: "SEO" });
    expect(renamed.status).toBe(200);
    expect(renamed.body.course).toMatchObject({
      title: "Zmieniony",
      seo_title: "SEO",
      price_cents: 20_000,
      author_name: "Anna",
      slug: "do-zmiany",
    });

    // The promo may not end before it starts (the same rule whichever field changed last).
    const promo = await admin.json("PUT", `/home/courses/${id}`, {
      promo_price_cents: 15_000,
      promo_starts_at: "2026-06-10T00:00:00.000Z",
      promo_ends_at: "2026-06-01T00:00:00.000Z",
    });
    expect(promo.status).toBe(422);
    expect(promo.body.errors.promo_ends_at).toEqual([
      "Data zakończenia nie może być wcześniejsza niż data rozpoczęcia.",
    ]);
    const higher = await admin.json("PUT", `/home/courses/${id}`, { promo_price_cents: 25_000 });
    expect(higher.body.errors.promo_price_cents).toEqual(["Cena promocyjna musi być niższa od ceny."]);
    const both = await admin.json("PUT", `/home/courses/${id}`, { access_days: 30, access_ends_at: "2027-01-01" });
    expect(both.body.errors.access_ends_at).toEqual(["Ustaw liczbę dni albo datę zakończenia, nie oba naraz."]);
    const seo = await admin.json("PUT", `/home/courses/${id}`, {
      seo_title: "x".repeat(201),
      seo_description: "y".repeat(401),
    });
    expect(seo.body.errors.seo_title).toEqual(["Treść nie może mieć więcej niż 200 znaków."]);
    expect(seo.body.errors.seo_description).toEqual(["Treść nie może mieć więcej niż 400 znaków."]);
    expect((await courseRow(id)).title).toBe("Zmieniony");

    // The slug is editable, unique and never reserved; emptied, it is generated from the title again.
    const taken = await admin.json("PUT", `/home/courses/${id}`, { slug: "zazolc-gesla-jazn" });
    expect(taken.body.errors.slug).toEqual(["Podana nazwa jest zajęta."]);
    const reserved = await admin.json("PUT", `/home/courses/${id}`, { slug: "Home" });
    expect(reserved.body.errors.slug).toEqual(["Tego adresu używa sama strona. Wybierz inny."]);
    expect((await admin.json("PUT", `/home/courses/${id}`, { slug: "nowy-adres" })).body.course.slug).toBe(
      "nowy-adres",
    );
    expect((await admin.json("PUT", `/home/courses/${id}`, { slug: "" })).body.course.slug).toBe("zmieniony");
  });

  it("keeps search_text in step with the title and description", async () => {
    const { id } = await arrangeCourse(admin, { title: "Szukaj mnie" });
    await admin.json("PUT", `/home/courses/${id}`, { description: "Ćwiczenia z ŁUKU" });
    expect((await courseRow(id)).search_text).toBe("szukaj mnie cwiczenia z luku");
    await admin.json("PUT", `/home/courses/${id}`, { title: "Znajdź" });
    expect((await courseRow(id)).search_text).toBe("znajdz cwiczenia z luku");
  });

  it("records a price change for every change of the price or the promo, and only then", async () => {
    const { id } = await arrangeCourse(admin, { title: "Ceny", price_cents: 10_000 });
    await admin.json("PUT", `/home/courses/${id}`, { title: "Ceny 2", author_bio: "Bio" });
    expect(await priceRows(id)).toHaveLength(1);
    await admin.json("PUT", `/home/courses/${id}`, { price_cents: 12_000 });
    await admin.json("PUT", `/home/courses/${id}`, {
      promo_price_cents: 8_000,
      promo_starts_at: "2026-07-01",
      promo_ends_at: "2026-07-31",
    });
    expect(await priceRows(id)).toEqual([
      { price_cents: 10_000, promo_price_cents: null, promo_starts_at: null, promo_ends_at: null },
      { price_cents: 12_000, promo_price_cents: null, promo_starts_at: null, promo_ends_at: null },
      {
        price_cents: 12_000,
        promo_price_cents: 8_000,
        promo_starts_at: "2026-07-01T00:00:00.000Z",
        promo_ends_at: "2026-07-31T23:59:59.999Z",
      },
    ]);
  });

  it("sets published_at on the first publish, keeps it after, and moves the catalog's cache version", async () => {
    const { id } = await arrangeCourse(admin, { title: "Publikacja" });
    const published = await expectCatalogBump(server, () =>
      admin.json("PUT", `/home/courses/${id}`, { status: "published" }),
    );
    expect(published.status).toBe(200);
    const first = published.body.course.published_at;
    expect(first).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const unpublished = await expectCatalogBump(server, () =>
      admin.json("PUT", `/home/courses/${id}`, { status: "unpublished" }),
    );
    expect(unpublished.body.course).toMatchObject({ status: "unpublished", published_at: first });
    const again = await admin.json("PUT", `/home/courses/${id}`, { status: "published" });
    expect(again.body.course.published_at).toBe(first);
    const wrong = await admin.json("PUT", `/home/courses/${id}`, { status: "archived" });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.status).toEqual(["Wybierz jedną z opcji."]);
  });

  it("does not move the cache version when the change is refused", async () => {
    const { id } = await arrangeCourse(admin, { title: "Bez zmian" });
    const before = await catalogVersion(server);
    expect((await admin.json("PUT", `/home/courses/${id}`, { title: "" })).status).toBe(422);
    expect(await catalogVersion(server)).toBe(before);
  });

  it("accepts as cover image only an upload that arrived", async () => {
    const { id } = await arrangeCourse(admin, { title: "Okładka" });
    const missing = await admin.json("PUT", `/home/courses/${id}`, { cover_image: "images/nope.png" });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.cover_image).toEqual(["Prześlij obraz ponownie."]);
    await server.handle.db
      .insertInto("uploads")
      .values({
        storage_key: "images/cover.png",
        context: "course-cover",
        user_id: null,
        content_type: "image/png",
        size: 10,
        status: "stored",
        created_at: new Date().toISOString(),
      })
      .execute();
    const stored = await admin.json("PUT", `/home/courses/${id}`, { cover_image: "images/cover.png" });
    expect(stored.body.course.cover_image).toBe("images/cover.png");
    expect((await admin.json("PUT", `/home/courses/${id}`, { cover_image: null })).body.course.cover_image).toBeNull();
  });
});

describe("deleting a course", () => {
  it("removes it with its sections, lectures, components, price history and the lectures' comments", async () => {
    const course = await arrangeCourse(admin, { title: "Do usunięcia", sections: [{ title: "S", lectures: ["L"] }] });
    const lectureId = course.sections[0]!.lectures[0]!;
    await addComponent(admin, { courseId: course.id, sectionId: course.sections[0]!.id, lectureId }, markdown("Tekst"));
    const owner = await server.handle.db.selectFrom("users").select("id").executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    await server.handle.db
      .insertInto("comments")
      .values({
        commentable_type: "lecture",
        commentable_id: lectureId,
        user_id: owner.id,
        body: "Hej",
        created_at: now,
        updated_at: now,
      })
      .execute();

    const response = await expectCatalogBump(server, () => admin.json("DELETE", `/home/courses/${course.id}`));
    expect(response.status).toBe(200);
    const db = server.handle.db;
    expect(await db.selectFrom("courses").select("id").where("id", "=", course.id).execute()).toEqual([]);
    expect(await db.selectFrom("course_sections").select("id").where("course_id", "=", course.id).execute()).toEqual(
      [],
    );
    expect(await db.selectFrom("lectures").select("id").where("id", "=", lectureId).execute()).toEqual([]);
    expect(
      await db.selectFrom("lecture_components").select("id").where("lecture_id", "=", lectureId).execute(),
    ).toEqual([]);
    expect(await priceRows(course.id)).toEqual([]);
    expect(await db.selectFrom("comments").select("id").where("commentable_id", "=", lectureId).execute()).toEqual([]);
    expect((await admin.json("GET", `/home/courses/${course.id}`)).status).toBe(404);
    expect((await admin.json("DELETE", `/home/courses/${course.id}`)).status).toBe(404);
  });
});

describe("the New course page's plain form", () => {
  it("creates the course and goes to its editor, or back to the form with the error", async () => {
    await admin.page("/home/courses/new");
    const form = (fields: Record<string, string>) =>
      admin.raw("/home/courses", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", referer: `${server.url}/home/courses/new` },
        body: new URLSearchParams({ _csrf: admin.csrfToken, ...fields }).toString(),
      });
    const created = await form({ title: "Z formularza", slug: "" });
    expect(created.status).toBe(303);
    const location = created.headers.get("location")!;
    expect(location).toMatch(/^\/home\/courses\/\d+$/);
    expect((await courseRow(Number(location.split("/").pop()))).slug).toBe("z-formularza");

    const refused = await form({ title: "Z formularza", slug: "login" });
    expect(refused.status).toBe(303);
    expect(refused.headers.get("location")).toBe("/home/courses/new?error=authoring%3Aslug_reserved");
  });
});

describe("the editor pages' own data requests", () => {
  it("reach the pages, not the JSON call at the same address (client-side navigation)", async () => {
    const { id } = await arrangeCourse(admin, { title: "Nawigacja" });
    const response = await admin.raw(`/home/courses/${id}.data`, { headers: { accept: "*/*" } });
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body).toContain("Nawigacja");
    // React Router's data stream, not the JSON call's {course, sections}.
    expect(body).not.toMatch(/^\{"course"/);
    const created = await admin.raw("/home/courses/new.data", { headers: { accept: "*/*" } });
    expect(created.status).toBe(200);
  });
});
