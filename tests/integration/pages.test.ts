// Pages made of blocks (issue 16, items 2 and 3) over HTTP: pages and the §7 block calls (store, update, delete,
// order) for admins only, each block type's settings checked (422 in the school's language), one namespace of
// addresses with courses, the honest countdown (a promotion with an end to come, or a per-visitor deadline kept
// on the server), and the published page served to visitors (a draft only to admins, as the builder's preview).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserClient } from "../helpers/browser-client.ts";
import { changeSettings, englishSchool, visitor } from "../helpers/accounts.ts";
import { newStudent } from "../helpers/discussion-fixtures.ts";
import { setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer, waitFor } from "../helpers/test-server.ts";
import { arrangeCourse, expectCatalogBump } from "./authoring-helpers.ts";
import { blocksOf, createPage } from "./pages-helpers.ts";

let server: TestServer;
let admin: BrowserClient;

beforeAll(async () => {
  server = await startTestServer();
  admin = await setUpSchool(server, { language: "en" });
});
afterAll(() => server?.stop());

const newPage = (title: string, slug?: string) => createPage(admin, title, slug);

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

describe("rights", () => {
  it("refuses visitors (401) and students (403) on every page and block call; admins get 200", async () => {
    const page = await newPage("Rights");
    const block = (await admin.post(blocksOf(page.id), { type: "heading", settings: { text: "Hi" } })).body.block;
    const calls: [string, string, unknown][] = [
      ["GET", "/home/pages", undefined],
      ["POST", "/home/pages", { title: "X" }],
      ["PUT", `/home/pages/${page.id}`, { title: "X" }],
      ["DELETE", `/home/pages/${page.id}`, undefined],
      ["POST", blocksOf(page.id), { type: "heading", settings: { text: "X" } }],
      ["PUT", `${blocksOf(page.id)}/${block.id}`, { settings: { text: "X" } }],
      ["DELETE", `${blocksOf(page.id)}/${block.id}`, undefined],
      ["POST", `${blocksOf(page.id)}/order`, { ids: [block.id] }],
    ];
    const anonymous = await visitor(server);
    const student = (await newStudent(server)).client;
    for (const [method, path, body] of calls) {
      expect((await anonymous.json(method, path, body)).status, `${method} ${path}`).toBe(401);
      expect((await student.json(method, path, body)).status, `${method} ${path}`).toBe(403);
    }
    expect((await admin.json("GET", "/home/pages")).body.pages.map((p: { id: number }) => p.id)).toContain(page.id);
  });

  it("answers 404 for a block of another page and for a page that does not exist", async () => {
    const one = await newPage("One");
    const two = await newPage("Two");
    const block = (await admin.post(blocksOf(one.id), { type: "heading", settings: { text: "Mine" } })).body.block;
    expect((await admin.json("PUT", `${blocksOf(two.id)}/${block.id}`, { settings: { text: "X" } })).status).toBe(404);
    expect((await admin.json("DELETE", `${blocksOf(two.id)}/${block.id}`)).status).toBe(404);
    expect((await admin.post(blocksOf(999_999), { type: "heading", settings: { text: "X" } })).status).toBe(404);
    expect((await admin.post(blocksOf(two.id), { ids: [block.id] })).status).toBe(422);
    expect((await admin.post(`${blocksOf(two.id)}/order`, { ids: [block.id] })).status).toBe(422);
  });
});

describe("blocks", () => {
  it("stores, updates, reorders and deletes blocks, moving the cached pages' version", async () => {
    const page = await newPage("Blocks");
    const heading = await expectCatalogBump(server, () =>
      admin.post(blocksOf(page.id), { type: "heading", settings: { text: "Welcome", level: 2 } }),
    );
    expect(heading.body.block).toMatchObject({ type: "heading", position: 1, settings: { text: "Welcome" } });
    const text = (await admin.post(blocksOf(page.id), { type: "text", settings: { markdown: "**Bold**" } })).body.block;
    const faq = (
      await admin.post(blocksOf(page.id), {
        type: "faq",
        settings: { items: [{ question: "Why?", answer: "Because." }] },
      })
    ).body.block;
    expect(faq.position).toBe(3);

    const updated = await expectCatalogBump(server, () =>
      admin.json("PUT", `${blocksOf(page.id)}/${text.id}`, { settings: { markdown: "_Changed_" } }),
    );
    expect(updated.body.block.settings).toEqual({ markdown: "_Changed_" });

    const order = [faq.id, text.id, heading.body.block.id];
    expect((await admin.post(`${blocksOf(page.id)}/order`, { ids: order })).body.ids).toEqual(order);
    const stale = await admin.post(`${blocksOf(page.id)}/order`, { ids: [faq.id, text.id] });
    expect(stale.status).toBe(422);
    expect(stale.body.errors.ids).toEqual(["The list is out of date. Reload the page and try again."]);
    const twice = await admin.post(`${blocksOf(page.id)}/order`, { ids: [faq.id, faq.id, text.id] });
    expect(twice.status).toBe(422);

    expect((await admin.json("DELETE", `${blocksOf(page.id)}/${text.id}`)).status).toBe(200);
    const rows = await server.handle.db
      .selectFrom("subpage_blocks")
      .select(["id", "position"])
      .where("subpage_id", "=", page.id)
      .orderBy("position")
      .execute();
    expect(rows.map((r) => r.id)).toEqual([faq.id, heading.body.block.id]);
  });

  it("checks each type's settings: unknown type, video players, colours, FAQ, image uploads, courses", async () => {
    const page = await newPage("Checks");
    const post = (body: unknown) => admin.post(blocksOf(page.id), body);
    const type = await post({ type: "hologram", settings: {} });
    expect(type.status).toBe(422);
    expect(type.body.errors.type).toEqual(["Choose one of the options."]);
    const video = await post({ type: "video", settings: { url: "https://example.com/movie.mp4" } });
    expect(video.body.errors["settings.url"]).toEqual(["Only YouTube, Vimeo and Bunny Stream links can be embedded."]);
    for (const url of [
      "https://youtu.be/dQw4w9WgXcQ",
      "https://vimeo.com/123456",
      "https://iframe.mediadelivery.net/embed/1234/0e3b5c4a-1f2d-4c3b-9a8e-7d6c5b4a3f21",
    ])
      expect((await post({ type: "video", settings: { url } })).status, url).toBe(200);
    const faq = await post({ type: "faq", settings: { items: [] } });
    expect(faq.status).toBe(422);
    const image = await post({ type: "image", settings: { image: "images/never-uploaded.png" } });
    expect(image.body.errors["settings.image"]).toEqual(["Upload the image again."]);
    const checkout = await post({ type: "checkout", settings: { course_id: 999_999 } });
    expect(checkout.body.errors["settings.course_id"]).toEqual(["Choose a course that exists."]);
    const colour = await post({
      type: "countdown",
      settings: { mode: "evergreen", minutes: 30, expired_text: "Over", bg_color: "red", custom_classes: '"><x' },
    });
    expect(colour.body.errors["settings.bg_color"]).toEqual(["Enter a colour as #rrggbb."]);
    expect(Object.keys(colour.body.errors)).toContain("settings.custom_classes");
  });

  it("refuses a countdown that ends in nothing: no promotion, a promotion already over, no length", async () => {
    const page = await newPage("Honest");
    const plain = await arrangeCourse(admin, { title: "No promo", currency: "EUR", price_cents: 5000 });
    const over = await arrangeCourse(admin, { title: "Promo over", currency: "EUR", price_cents: 5000 });
    await server.handle.db
      .updateTable("courses")
      .set({ promo_price_cents: 3000, promo_ends_at: inDays(-1) })
      .where("id", "=", over.id)
      .execute();
    const countdown = (settings: Record<string, unknown>) =>
      admin.post(blocksOf(page.id), { type: "countdown", settings: { expired_text: "Gone", ...settings } });
    const message = [
      "A countdown needs a real end: a course promotion with an end date still to come, or a time per visitor.",
    ];
    for (const course of [plain, over]) {
      const refused = await countdown({ mode: "promo", course_id: course.id });
      expect(refused.status).toBe(422);
      expect(refused.body.errors["settings.course_id"]).toEqual(message);
    }
    expect((await countdown({ mode: "promo" })).body.errors["settings.course_id"]).toEqual(message);
    expect((await countdown({ mode: "evergreen" })).body.errors["settings.minutes"]).toEqual(message);

    const running = await arrangeCourse(admin, { title: "Promo running", currency: "EUR", price_cents: 5000 });
    await server.handle.db
      .updateTable("courses")
      .set({ promo_price_cents: 3000, promo_ends_at: inDays(2) })
      .where("id", "=", running.id)
      .execute();
    expect((await countdown({ mode: "promo", course_id: running.id })).status).toBe(200);
  });
});

describe("addresses", () => {
  it("shares one namespace with courses: a page cannot take a course's address, nor a course a page's", async () => {
    const course = await arrangeCourse(admin, { title: "Photography basics" });
    const clash = await admin.post("/home/pages", { title: "Landing", slug: course.slug });
    expect(clash.status).toBe(422);
    expect(clash.body.errors.slug).toEqual(["This address is already used by a course or another page."]);
    const reserved = await admin.post("/home/pages", { title: "Landing", slug: "login" });
    expect(reserved.body.errors.slug).toEqual(["This address is used by the site itself. Choose another one."]);

    const page = await newPage("Spring offer", "spring-offer");
    expect(page.slug).toBe("spring-offer");
    const second = await newPage("Spring offer");
    expect(second.slug).toBe("spring-offer-2");
    const courseClash = await admin.post("/home/courses", { title: "Spring", slug: "spring-offer", currency: "EUR" });
    expect(courseClash.status).toBe(422);
    expect(courseClash.body.errors.slug).toEqual(["This name is already taken."]);
    const generated = await arrangeCourse(admin, { title: "Spring offer", currency: "EUR" });
    expect(generated.slug).toBe("spring-offer-3");
  });
});

describe("a Polish school", () => {
  it("answers the block calls' 422 in Polish", async () => {
    const page = await newPage("Polish");
    await changeSettings(admin, englishSchool, { language: "pl", currency: "PLN", name: "Akademia" });
    try {
      const video = await admin.post(blocksOf(page.id), { type: "video", settings: { url: "https://example.com/x" } });
      expect(video.status).toBe(422);
      expect(video.body.errors["settings.url"]).toEqual(["Można osadzać tylko linki z YouTube, Vimeo i Bunny Stream."]);
      const countdown = await admin.post(blocksOf(page.id), {
        type: "countdown",
        settings: { mode: "evergreen", expired_text: "Koniec" },
      });
      expect(countdown.body.errors["settings.minutes"]).toEqual([
        "Odliczanie musi mieć prawdziwy koniec: promocję kursu z przyszłą datą końca albo czas na odwiedzającego.",
      ]);
    } finally {
      await changeSettings(admin, { ...englishSchool, language: "pl", currency: "PLN" }, englishSchool);
    }
  });
});

describe("evergreen countdown", () => {
  it("keeps one deadline per visitor on the server: a second call answers the same end, another visitor its own", async () => {
    const page = await newPage("Evergreen");
    const block = (
      await admin.post(blocksOf(page.id), {
        type: "countdown",
        settings: { mode: "evergreen", minutes: 90, expired_text: "Over" },
      })
    ).body.block;
    const one = await visitor(server);
    const draft = await one.post(`/json/pages/countdowns/${block.id}`, {});
    expect(draft.status).toBe(404);
    await admin.json("PUT", `/home/pages/${page.id}`, { title: "Evergreen", slug: page.slug, status: "published" });

    const first = await one.post(`/json/pages/countdowns/${block.id}`, {});
    expect(first.status).toBe(200);
    const ends = Date.parse(first.body.endsAt);
    expect(ends - Date.now()).toBeGreaterThan(89 * 60_000);
    expect(ends - Date.now()).toBeLessThanOrEqual(90 * 60_000);
    const again = await one.post(`/json/pages/countdowns/${block.id}`, {});
    expect(again.body.endsAt).toBe(first.body.endsAt);

    const two = await visitor(server);
    const other = await two.post(`/json/pages/countdowns/${block.id}`, {});
    expect(other.status).toBe(200);
    const rows = await server.handle.db
      .selectFrom("countdown_deadlines")
      .select("visitor")
      .where("block_id", "=", block.id)
      .execute();
    expect(rows).toHaveLength(2);
  });
});

describe("the public page", () => {
  it("is a 404 while a draft (the admin's preview shows it), then served to visitors from the page cache", async () => {
    const page = await newPage("Summer school", "summer-school");
    const course = await arrangeCourse(admin, {
      title: "Watercolours",
      currency: "EUR",
      price_cents: 5000,
      status: "published",
    });
    await server.handle.db
      .updateTable("courses")
      .set({ promo_price_cents: 3000, promo_ends_at: inDays(3) })
      .where("id", "=", course.id)
      .execute();
    for (const body of [
      { type: "heading", settings: { text: "Paint with us" } },
      { type: "text", settings: { markdown: "**Bold** [x](javascript:alert(1))" } },
      { type: "video", settings: { url: "https://youtu.be/dQw4w9WgXcQ", title: "Trailer" } },
      { type: "checkout", settings: { course_id: course.id } },
      { type: "countdown", settings: { mode: "promo", course_id: course.id, expired_text: "Ended" } },
    ])
      expect((await admin.post(blocksOf(page.id), body)).status).toBe(200);

    const anonymous = new BrowserClient(server.url);
    expect((await anonymous.page("/summer-school")).status).toBe(404);
    const preview = await admin.page("/summer-school");
    expect(preview.status).toBe(200);
    expect(preview.html).toContain("data-draft-banner");

    await admin.json("PUT", `/home/pages/${page.id}`, { title: "Summer school", slug: page.slug, status: "published" });
    const first = await anonymous.page("/summer-school");
    expect(first.status).toBe(200);
    expect(first.html).toContain("Paint with us");
    expect(first.html).toContain("<strong>Bold</strong>");
    expect(first.html).not.toContain("javascript:");
    expect(first.html).not.toContain("<iframe");
    expect(first.html).not.toContain("data-draft-banner");
    expect(first.html).toContain('data-checkout="buy"');
    expect(first.html).toContain("€30.00");
    expect(first.html).toContain("€50.00");
    const again = await anonymous.page("/summer-school");
    expect(again.headers.get("x-page-cache")).toBe("hit");

    // A block changed: the cached copy is renewed.
    const heading = await server.handle.db
      .selectFrom("subpage_blocks")
      .select("id")
      .where("subpage_id", "=", page.id)
      .where("type", "=", "heading")
      .executeTakeFirstOrThrow();
    await admin.json("PUT", `${blocksOf(page.id)}/${heading.id}`, { settings: { text: "Paint with us today" } });
    const renewed = await anonymous.page("/summer-school");
    expect(renewed.headers.get("x-page-cache")).toBe("miss");
    expect(renewed.html).toContain("Paint with us today");
  });
});

describe("a lead form block", () => {
  it("names one of the school's lead forms, shows its fields and consent, and the lead records the page", async () => {
    const page = await newPage("Free guide", "free-guide");
    const unknown = await admin.post(blocksOf(page.id), { type: "lead_form", settings: { form_id: 999_999 } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors["settings.form_id"]).toEqual(["Choose one of the school's lead forms."]);

    const form = await admin.post("/home/leads/forms", {
      name: "Guide",
      fields: [{ label: "Your e-mail", name: "email", type: "email", required: true }],
      hidden_fields: [{ name: "source", value: "guide-page" }],
      consent_text: "Send me the guide and the newsletter.",
      options: { button_text: "Get the guide" },
    });
    expect(form.status, JSON.stringify(form.body)).toBe(200);
    const formId = form.body.form.id as number;
    const added = await admin.post(blocksOf(page.id), { type: "lead_form", settings: { form_id: formId } });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    // The builder offers the school's forms by name.
    const builder = await admin.page(`/home/pages/${page.id}`);
    expect(builder.html).toContain('\\"Guide\\"');

    await admin.json("PUT", `/home/pages/${page.id}`, { title: "Free guide", slug: page.slug, status: "published" });
    const guest = new BrowserClient(server.url);
    const shown = await guest.page("/free-guide");
    expect(shown.status).toBe(200);
    expect(shown.html).toContain('data-block-type="lead_form"');
    expect(shown.html).toContain("Your e-mail");
    expect(shown.html).toContain("Send me the guide and the newsletter.");
    expect(shown.html).toContain("Get the guide");

    // A visitor of the (cached) page leaves a lead: it keeps the form's hidden field and the page's path.
    const sent = await guest.post("/lead", { form_id: formId, page: "/free-guide", email: "reader@example.com" });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const lead = await server.handle.db
      .selectFrom("leads")
      .select(["page", "hidden_fields"])
      .where("form_id", "=", formId)
      .executeTakeFirstOrThrow();
    expect(lead.page).toBe("/free-guide");
    expect(JSON.parse(lead.hidden_fields)).toEqual({ source: "guide-page" });

    // A form changed or deleted since: the cached page is renewed (the form's tables move the catalog version,
    // seen by the server within a second), and a deleted form shows nothing (the block stays in the builder).
    await server.handle.db.deleteFrom("lead_forms").where("id", "=", formId).execute();
    await waitFor(async () => {
      const after = await guest.page("/free-guide");
      return after.status === 200 && !after.html.includes('data-block-type="lead_form"') ? after : undefined;
    });
  });
});
