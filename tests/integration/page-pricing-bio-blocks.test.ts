// The pricing table and instructor bio blocks (issue 16) over HTTP. Pricing: the §7 block calls store and update it with its settings checked
// (a course that exists, a price either read from a course or typed for a plan without one, button links only
// http(s) or a path on this site, one highlighted plan at most), 422 per field in the school's language; the
// published page shows a referenced course's CURRENT price, read on the server, also after that price changes.
// Bio: a photo that arrived, links http(s) only, the text as plain text or through the safe Markdown renderer.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserClient } from "../helpers/browser-client.ts";
import { changeSettings, englishSchool } from "../helpers/accounts.ts";
import { setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { recordStoredUpload } from "../helpers/gallery-fixtures.ts";
import { arrangeCourse } from "./authoring-helpers.ts";
import { blocksOf, createPage } from "./pages-helpers.ts";

let server: TestServer;
let admin: BrowserClient;

beforeAll(async () => {
  server = await startTestServer();
  admin = await setUpSchool(server, { language: "en" });
});
afterAll(() => server?.stop());

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

const newPage = (title: string, slug?: string) => createPage(admin, title, slug);

describe("storing and updating", () => {
  it("stores plans with a course or a price text, and refuses bad ones naming the field", async () => {
    const page = await newPage("Plans", "pricing-store");
    const course = await arrangeCourse(admin, { title: "Oils", currency: "EUR", price_cents: 9000 });
    const post = (plans: unknown[]) => admin.post(blocksOf(page.id), { type: "pricing", settings: { plans } });

    const stored = await post([
      { name: "Course", course_id: course.id, features: ["12 lessons"], highlighted: true },
      { name: "Mentoring", price_text: "Ask us", button_label: "Write to us", button_url: "/contact" },
    ]);
    expect(stored.status, JSON.stringify(stored.body)).toBe(200);
    expect(stored.body.block.settings.plans[1]).toEqual({
      name: "Mentoring",
      price_text: "Ask us",
      features: [],
      button_label: "Write to us",
      button_url: "/contact",
      highlighted: false,
    });

    const unknown = await post([{ name: "Ghost", course_id: 999_999 }]);
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ "settings.plans.0.course_id": ["Choose a course that exists."] });
    const typed = await post([{ name: "Course", course_id: course.id, price_text: "€1" }]);
    expect(typed.body.errors).toEqual({
      "settings.plans.0.price_text": ["A course's price is read from the course: leave the price text empty."],
    });
    const noPrice = await post([{ name: "Nothing" }]);
    expect(noPrice.body.errors).toEqual({ "settings.plans.0.price_text": ["Choose a course or enter a price text."] });
    for (const url of ["javascript:alert(1)", "data:text/html,x", "//evil.example", "ftp://x.example/a"]) {
      const bad = await post([{ name: "Other", price_text: "€5", button_label: "Go", button_url: url }]);
      expect(bad.status, url).toBe(422);
      expect(bad.body.errors, url).toEqual({
        "settings.plans.0.button_url": ["Enter an http:// or https:// address or a path on this site starting with /."],
      });
    }
    const twoStars = await post([
      { name: "A", price_text: "1", highlighted: true },
      { name: "B", price_text: "2", highlighted: true },
    ]);
    expect(twoStars.body.errors).toEqual({ "settings.plans": ["Highlight at most one plan."] });
    const five = await post(Array.from({ length: 5 }, (_, i) => ({ name: `P${i}`, price_text: "1" })));
    expect(Object.keys(five.body.errors)).toEqual(["settings.plans"]);

    const put = await admin.json("PUT", `${blocksOf(page.id)}/${stored.body.block.id}`, {
      settings: { plans: [{ name: "Only", price_text: "€10", button_label: "Go", button_url: "https://x.example/a" }] },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const badPut = await admin.json("PUT", `${blocksOf(page.id)}/${stored.body.block.id}`, {
      settings: { plans: [{ name: "Only", price_text: "€10", button_label: "Go", button_url: "javascript:x" }] },
    });
    expect(badPut.status).toBe(422);
    const row = await server.handle.db
      .selectFrom("subpage_blocks")
      .select("settings")
      .where("id", "=", stored.body.block.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.settings).plans[0].button_url).toBe("https://x.example/a");
  });

  it("answers in Polish", async () => {
    const page = await newPage("Polskie plany", "pricing-polish");
    await changeSettings(admin, englishSchool, { language: "pl", currency: "PLN", name: "Akademia" });
    try {
      const bad = await admin.post(blocksOf(page.id), {
        type: "pricing",
        settings: {
          plans: [{ name: "Inny", price_text: "5 zł", button_label: "Idź", button_url: "data:x" }, { name: "Pusty" }],
        },
      });
      expect(bad.status).toBe(422);
      expect(bad.body.errors["settings.plans.0.button_url"]).toEqual([
        "Podaj adres http:// lub https:// albo ścieżkę w tej witrynie zaczynającą się od /.",
      ]);
      expect(bad.body.errors["settings.plans.1.price_text"]).toEqual(["Wybierz kurs albo wpisz tekst ceny."]);
    } finally {
      await changeSettings(admin, { ...englishSchool, language: "pl", currency: "PLN" }, englishSchool);
    }
  });
});

describe("the public page", () => {
  it("shows a referenced course's current price, its promotion with the 30-day lowest, and its checkout", async () => {
    const page = await newPage("Prices", "pricing-public");
    const course = await arrangeCourse(admin, {
      title: "Watercolours",
      currency: "EUR",
      price_cents: 5000,
      status: "published",
    });
    const added = await admin.post(blocksOf(page.id), {
      type: "pricing",
      settings: {
        plans: [
          { name: "Self-paced", course_id: course.id, features: ["<b>All</b> lessons"], button_label: "Join" },
          {
            name: "With a tutor",
            price_text: "Ask us",
            button_label: "Write to us",
            button_url: "/contact",
            highlighted: true,
          },
        ],
      },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    await admin.json("PUT", `/home/pages/${page.id}`, { title: "Prices", slug: page.slug, status: "published" });

    const guest = new BrowserClient(server.url);
    const first = (await guest.page("/pricing-public")).html;
    expect(first).toContain("data-pricing");
    expect(first).toContain("€50.00");
    expect(first).toContain(`href="/${course.slug}/checkout"`);
    expect(first).toContain(">Join</a>");
    expect(first).toContain("&lt;b&gt;All&lt;/b&gt; lessons");
    expect(first).toContain("Ask us");
    expect(first).toContain('href="/contact"');
    expect(first).toContain('aria-label="With a tutor (recommended)"');
    expect(first).toMatch(/<h3[^>]*>Self-paced<\/h3>/);

    // The course's price changes, then a promotion starts: the page shows each, never a stale copy.
    expect((await admin.json("PUT", `/home/courses/${course.id}`, { price_cents: 7000 })).status).toBe(200);
    const raised = (await guest.page("/pricing-public")).html;
    expect(raised).toContain("€70.00");
    expect(raised).not.toContain("€50.00");
    await server.handle.db
      .updateTable("courses")
      .set({ promo_price_cents: 4000, promo_ends_at: inDays(3) })
      .where("id", "=", course.id)
      .execute();
    const promo = await admin.json("PUT", `/home/courses/${course.id}`, { title: "Watercolours" });
    expect(promo.status).toBe(200);
    const discounted = (await guest.page("/pricing-public")).html;
    expect(discounted).toContain("€40.00");
    expect(discounted).toContain("€70.00");
    expect(discounted).toContain("Lowest price in the 30 days before the promotion:");

    await changeSettings(admin, englishSchool, { language: "pl", currency: "PLN", name: "Akademia" });
    try {
      const polish = (await guest.page("/pricing-public")).html;
      expect(polish).toContain('aria-label="Ceny"');
      expect(polish).toContain('aria-label="With a tutor (polecany)"');
      expect(polish).toContain("Polecany");
    } finally {
      await changeSettings(admin, { ...englishSchool, language: "pl", currency: "PLN" }, englishSchool);
    }
  });
});

describe("the instructor bio", () => {
  it("stores a bio, refuses a photo that never arrived and links other than http(s), in English and Polish", async () => {
    const page = await newPage("Teacher", "bio-store");
    const photo = await recordStoredUpload(server.handle.db, "images/bio-ala.png");
    const post = (settings: unknown) => admin.post(blocksOf(page.id), { type: "bio", settings });
    const base = { name: "Ala Nowak", text: "Painter." };

    const stored = await post({ ...base, photo, links: [{ label: "Portfolio", url: "https://ala.example" }] });
    expect(stored.status, JSON.stringify(stored.body)).toBe(200);
    expect(stored.body.block.settings).toEqual({
      ...base,
      photo,
      role: "",
      markdown: false,
      links: [{ label: "Portfolio", url: "https://ala.example" }],
    });
    const lost = await post({ ...base, photo: "images/nope.png" });
    expect(lost.status).toBe(422);
    expect(lost.body.errors).toEqual({ "settings.photo": ["Upload the image again."] });
    for (const url of ["javascript:alert(1)", "data:text/html,x", "/contact", "mailto:a@b.example"]) {
      const bad = await post({ ...base, links: [{ label: "Go", url }] });
      expect(bad.status, url).toBe(422);
      expect(bad.body.errors, url).toEqual({
        "settings.links.0.url": ["Enter an address starting with http:// or https://."],
      });
    }
    const six = await post({ ...base, links: Array(6).fill({ label: "X", url: "https://x.example" }) });
    expect(Object.keys(six.body.errors)).toEqual(["settings.links"]);
    const put = await admin.json("PUT", `${blocksOf(page.id)}/${stored.body.block.id}`, {
      settings: { ...base, links: [{ label: "Go", url: "javascript:x" }] },
    });
    expect(put.status).toBe(422);

    await changeSettings(admin, englishSchool, { language: "pl", currency: "PLN", name: "Akademia" });
    try {
      const polish = await post({ name: " ", text: "x", links: [{ label: "Go", url: "data:x" }] });
      expect(polish.body.errors["settings.links.0.url"]).toEqual([
        "Podaj adres zaczynający się od http:// lub https://.",
      ]);
      expect(Object.keys(polish.body.errors).sort()).toEqual(["settings.links.0.url", "settings.name"]);
    } finally {
      await changeSettings(admin, { ...englishSchool, language: "pl", currency: "PLN" }, englishSchool);
    }
  });

  it("renders the bio on the public page: plain text escaped, Markdown through the safe renderer", async () => {
    const page = await newPage("Teachers", "bio-public");
    const photo = await recordStoredUpload(server.handle.db, "images/bio-jan.png");
    for (const settings of [
      {
        name: "Jan Kowalski",
        role: "Watercolourist",
        photo,
        text: "I paint <b>daily</b>.",
        links: [{ label: "Jan's studio", url: "https://jan.example/" }],
      },
      { name: "Ola", text: "**Bold** [x](javascript:alert(1))", markdown: true },
    ])
      expect((await admin.post(blocksOf(page.id), { type: "bio", settings })).status).toBe(200);
    await admin.json("PUT", `/home/pages/${page.id}`, { title: "Teachers", slug: page.slug, status: "published" });

    const guest = new BrowserClient(server.url);
    const html = (await guest.page("/bio-public")).html;
    expect(html).toMatch(/<h3[^>]*>Jan Kowalski<\/h3>/);
    expect(html).toContain("Watercolourist");
    expect(html).toContain('src="/files/images/bio-jan.png"');
    expect(html).toContain('alt="Photo of Jan Kowalski"');
    expect(html).toContain("I paint &lt;b&gt;daily&lt;/b&gt;.");
    expect(html).toContain('href="https://jan.example/"');
    expect(html).toContain("Jan&#x27;s studio");
    expect(html).toContain("<strong>Bold</strong>");
    expect(html).not.toContain("javascript:");
    expect(html).toContain('aria-label="About Ola"');
  });
});
