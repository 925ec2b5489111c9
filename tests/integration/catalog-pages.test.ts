// The catalog (/courses) and the course sales page (/{slug}) over HTTP: only published courses for visitors (404
// otherwise, a draft banner for admins), the curriculum's lengths in the spec's format (§9), the free / login /
// paid marks, the description's markdown without raw HTML or unsafe links, SEO and Open Graph tags, the checkout
// button for visitors, students with and without access, and admins, and a promotion with the lowest price of
// the 30 days before it (EU Omnibus).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_MEMO_MS } from "#core/learning/course-access.ts";
import { visitor } from "../helpers/accounts.ts";
import type { BrowserClient } from "../helpers/browser-client.ts";
import { registerStudent, setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer, waitFor } from "../helpers/test-server.ts";
import { addCourse, addPriceChange, daysFromNow, grantAccessByEmail, text } from "./catalog-helpers.ts";

let server: TestServer;
let admin: BrowserClient;
let studentWithAccess: BrowserClient;
let studentWithout: BrowserClient;
let courseId: number;

const description = [
  "Learn **pottery** from scratch.",
  "",
  "<script>window.bad = 1</script><b>raw html</b>",
  "",
  "[Safe link](https://example.com/clay) and [bad link](javascript:alert(1)) and [data link](data:text/html;base64,PHNjcmlwdD4=)",
].join("\n");

beforeAll(async () => {
  // Rendering is under test here; the rendered-page cache has its own file (catalog-page-cache.test.ts).
  server = await startTestServer({ PAGE_CACHE_MB: "0" });
  admin = await setUpSchool(server, { language: "en" });
  studentWithAccess = await registerStudent(server, {
    name: "Alice Access",
    email: "alice@example.com",
    password: "student-secret",
  });
  studentWithout = await registerStudent(server, {
    name: "Bob Buyer",
    email: "bob@example.com",
    password: "student-secret",
  });
  courseId = await addCourse(server, {
    slug: "pottery",
    title: "Pottery at home",
    description,
    price_cents: 12900,
    author_name: "Paula Potter",
    author_bio: "Twenty years at the wheel.",
    seo_title: "Pottery course online",
    seo_description: "Make bowls and mugs at home.",
    cover_image: "covers/pottery.webp",
    created_at: "2026-01-03T00:00:00.000Z",
    sections: [
      {
        title: "Getting started",
        lectures: [
          { title: "Welcome lecture", minutes: 5, access: "free" },
          { title: "Clay and tools", minutes: 60, access: "login" },
          { title: "Centering the clay", minutes: 75 },
          { title: "Hidden draft lecture", minutes: 500, status: "draft" },
        ],
      },
      {
        title: "Firing",
        lectures: [
          { title: "The kiln", minutes: 0 },
          { title: "Glazes", minutes: 125 },
        ],
      },
      { title: "Empty section", lectures: [] },
    ],
  });
  await addCourse(server, {
    slug: "weaving",
    title: "Weaving basics",
    created_at: "2026-01-02T00:00:00.000Z",
    price_cents: 0,
  });
  await addCourse(server, { slug: "draft-course", title: "Secret draft course", status: "draft" });
  await addCourse(server, { slug: "old-course", title: "Retired old course", status: "unpublished" });
  await grantAccessByEmail(server, "alice@example.com", courseId);
});
afterAll(() => server?.stop());

describe("/courses", () => {
  it("lists the published courses only, as cards with cover, lectures, length and price", async () => {
    const page = await (await visitor(server, "/courses")).page("/courses");
    expect(page.status).toBe(200);
    const html = text(page.html);
    expect(html).toContain("<title>Courses · Test Academy</title>");
    expect(html).toContain("Pottery at home");
    expect(html).toContain("Weaving basics");
    expect(html).not.toContain("Secret draft course");
    expect(html).not.toContain("Retired old course");
    expect(html.indexOf("Pottery at home")).toBeLessThan(html.indexOf("Weaving basics"));
    // 5 published lectures, 5 + 60 + 75 + 0 + 125 = 265 minutes.
    expect(html).toContain("5 lectures");
    expect(html).toContain("4h 25min");
    expect(html).toContain("€129.00");
    expect(html).toContain('href="/pottery"');
    expect(html).toContain('src="/files/covers/pottery.webp"');
    // Without a cover: the placeholder image, a file of our own.
    expect(html).toMatch(/<img src="\/assets\/course-placeholder-[^"]+\.svg"/);
    expect(html).toContain("Free");
  });

  it("shows a running promotion with the regular price struck through, and not one that has not started", async () => {
    await addCourse(server, {
      slug: "promo-card",
      title: "Promo card course",
      price_cents: 10000,
      promo_price_cents: 7500,
      promo_starts_at: daysFromNow(-1),
      promo_ends_at: daysFromNow(3),
    });
    await addCourse(server, {
      slug: "future-promo-card",
      title: "Future promo card course",
      price_cents: 20000,
      promo_price_cents: 1500,
      promo_starts_at: daysFromNow(2),
    });
    const html = text((await (await visitor(server, "/courses")).page("/courses")).html);
    expect(html).toMatch(/€75\.00<\/span>.*<s[^>]*>€100\.00<\/s>/s);
    expect(html).toContain("€200.00");
    expect(html).not.toContain("€15.00");
  });
});

describe("the sales page /{slug}", () => {
  it("shows the course to a visitor: description, author, curriculum and a 'buy' button", async () => {
    const client = await visitor(server, "/courses");
    const page = await client.page("/pottery");
    expect(page.status).toBe(200);
    const html = text(page.html);
    expect(html).toContain("<h1");
    expect(html).toContain("Pottery at home");
    expect(html).toContain("<strong>pottery</strong>");
    expect(html).toContain("By Paula Potter");
    expect(html).toContain("Twenty years at the wheel.");
    expect(html).toContain('src="/files/covers/pottery.webp"');
    expect(html).toContain("€129.00");
    expect(html).toMatch(/<a[^>]*data-checkout="buy" href="\/pottery\/checkout"[^>]*>.*?Buy now<\/a>/s);
    expect(html).not.toContain('data-checkout="has-access"');
  });

  it("renders markdown safely: no raw HTML, javascript: and data: links dropped, https kept", async () => {
    const html = (await (await visitor(server, "/courses")).page("/pottery")).html;
    const body = html.slice(html.indexOf('data-testid="course-description"'));
    const description = body.slice(0, body.indexOf("</section>"));
    expect(description).not.toContain("<script");
    expect(description).not.toContain("<b>raw html</b>");
    expect(description).not.toContain("window.bad");
    expect(description).toContain('href="https://example.com/clay"');
    expect(description).not.toMatch(/href="(javascript|data):/i);
    expect(description).toContain("bad link");
  });

  it("lists sections in order with their published lectures, lengths per §9 and free / login / paid marks", async () => {
    const html = text((await (await visitor(server, "/courses")).page("/pottery")).html);
    const lectures = [...html.matchAll(/data-lecture-id="\d+" data-access="(\w+)"[^>]*>(.*?)<\/li>/gs)].map(
      ([, access, inner]) => ({
        access,
        title: /data-lecture-title="true">([^<]+)</.exec(inner!)?.[1],
        duration: /data-duration="true">([^<]*)</.exec(inner!)?.[1] ?? null,
      }),
    );
    expect(lectures).toEqual([
      { access: "free", title: "Welcome lecture", duration: "5min" },
      { access: "login", title: "Clay and tools", duration: "1h 0min" },
      { access: "paid", title: "Centering the clay", duration: "1h 15min" },
      { access: "paid", title: "The kiln", duration: null },
      { access: "paid", title: "Glazes", duration: "2h 5min" },
    ]);
    expect(html).not.toContain("Hidden draft lecture");
    expect(html).not.toContain("Empty section");
    expect(html.indexOf("Getting started")).toBeLessThan(html.indexOf("Firing"));
    const marks = [...html.matchAll(/data-access-mark="true">([^<]+)</g)].map((m) => m[1]);
    expect(marks).toEqual(["Free", "Login required", "Paid", "Paid", "Paid"]);
    expect(html).toContain("Total length: 4h 25min");
  });

  it("has the SEO title and description, a canonical address and Open Graph tags", async () => {
    const html = text((await (await visitor(server, "/courses")).page("/pottery")).html);
    expect(html).toContain("<title>Pottery course online · Test Academy</title>");
    expect(html).toContain('<meta name="description" content="Make bowls and mugs at home."/>');
    expect(html).toContain(`<link rel="canonical" href="${server.url}/pottery"/>`);
    expect(html).toContain('<meta property="og:title" content="Pottery course online"/>');
    expect(html).toContain('<meta property="og:description" content="Make bowls and mugs at home."/>');
    expect(html).toContain(`<meta property="og:url" content="${server.url}/pottery"/>`);
    expect(html).toContain(`<meta property="og:image" content="${server.url}/files/covers/pottery.webp"/>`);
    expect(html).toContain('<meta property="og:site_name" content="Test Academy"/>');
    // Without SEO fields: the title and the start of the description.
    const plain = text((await (await visitor(server, "/courses")).page("/weaving")).html);
    expect(plain).toContain("<title>Weaving basics · Test Academy</title>");
    expect(plain).toContain('<meta name="description" content="About Weaving basics"/>');
    expect(plain).not.toContain("og:image");
  });

  it("answers 404 for an unknown, draft or unpublished course to visitors and students", async () => {
    const anonymous = await visitor(server, "/courses");
    for (const slug of ["no-such-course", "draft-course", "old-course"]) {
      for (const client of [anonymous, studentWithAccess]) {
        const page = await client.page(`/${slug}`);
        expect(page.status, slug).toBe(404);
        expect(page.html).not.toContain("Secret draft course");
        expect(page.html).toContain("We couldn&#x27;t find that page.");
      }
    }
  });

  it("shows an admin a draft or unpublished course with a banner, kept out of search engines", async () => {
    const draft = await admin.page("/draft-course");
    expect(draft.status).toBe(200);
    expect(text(draft.html)).toContain("This course is a draft: only administrators can see this page.");
    expect(draft.html).toContain('<meta name="robots" content="noindex"/>');
    const unpublished = await admin.page("/old-course");
    expect(unpublished.status).toBe(200);
    expect(text(unpublished.html)).toContain("This course is unpublished: only administrators can see this page.");
    const published = await admin.page("/pottery");
    expect(published.html).not.toContain('data-testid="draft-banner"');
  });

  it("reads 'has access' (to the watch page) for a student with access and for admins, 'buy' for others", async () => {
    for (const [client, expected] of [
      [studentWithAccess, "has-access"],
      [admin, "has-access"],
      [studentWithout, "buy"],
    ] as const) {
      const html = text((await client.page("/pottery")).html);
      expect(html).toContain(`data-checkout="${expected}"`);
      if (expected === "has-access") {
        expect(html).toMatch(
          /data-checkout="has-access" href="\/pottery\/watch"[^>]*>.*?You have access – go to the course<\/a>/s,
        );
      }
    }
    // A revoked or expired access is no access (changed here by another process: the server's copy of the access
    // window lasts at most ACCESS_MEMO_MS).
    await server.handle.db
      .updateTable("course_access")
      .set({ ends_at: daysFromNow(-1) })
      .execute();
    await waitFor(async () => text((await studentWithAccess.page("/pottery")).html).includes('data-checkout="buy"'), {
      timeoutMs: ACCESS_MEMO_MS + 3000,
    });
    await server.handle.db.updateTable("course_access").set({ ends_at: null }).execute();
  });

  it("offers 'Join for free' on a free course", async () => {
    const html = text((await (await visitor(server, "/courses")).page("/weaving")).html);
    expect(html).toContain("Join for free");
    expect(html).toContain(">Free</span>");
  });
});

describe("a promotion and the lowest price of the last 30 days (Omnibus)", () => {
  it("shows the promo price, the regular price struck through and the lowest price before the promotion", async () => {
    const id = await addCourse(server, {
      slug: "promo",
      title: "Promo course",
      price_cents: 10000,
      promo_price_cents: 6000,
      promo_starts_at: daysFromNow(-2),
      promo_ends_at: daysFromNow(5),
    });
    await addPriceChange(server, id, { price_cents: 12000, changed_at: daysFromNow(-90) });
    // A regular price of 80.00 applied 20 to 10 days before the promotion began.
    await addPriceChange(server, id, { price_cents: 8000, changed_at: daysFromNow(-22) });
    await addPriceChange(server, id, { price_cents: 10000, changed_at: daysFromNow(-12) });
    await addPriceChange(server, id, {
      price_cents: 10000,
      promo_price_cents: 6000,
      promo_starts_at: daysFromNow(-2),
      promo_ends_at: daysFromNow(5),
      changed_at: daysFromNow(-3),
    });
    const html = text((await (await visitor(server, "/courses")).page("/promo")).html);
    expect(html).toMatch(/data-testid="promo-price">€60\.00</);
    expect(html).toMatch(/<s[^>]*data-testid="regular-price">€100\.00<\/s>/);
    expect(html).toContain("Lowest price in the last 30 days: €80.00");
    expect(html).toMatch(/Offer ends on \d{1,2} \w{3} \d{4}/);
  });

  it("without history shows the regular price as the lowest", async () => {
    await addCourse(server, {
      slug: "promo-new",
      title: "Fresh promo course",
      price_cents: 5000,
      promo_price_cents: 4000,
      promo_starts_at: daysFromNow(-1),
    });
    const html = text((await (await visitor(server, "/courses")).page("/promo-new")).html);
    expect(html).toContain("Lowest price in the last 30 days: €50.00");
  });

  it("shows no promotion before it starts or after it ended", async () => {
    await addCourse(server, {
      slug: "promo-later",
      title: "Later promo",
      price_cents: 5000,
      promo_price_cents: 3000,
      promo_starts_at: daysFromNow(1),
    });
    await addCourse(server, {
      slug: "promo-over",
      title: "Over promo",
      price_cents: 5000,
      promo_price_cents: 3000,
      promo_ends_at: daysFromNow(-1),
    });
    for (const slug of ["promo-later", "promo-over"]) {
      const html = text((await (await visitor(server, "/courses")).page(`/${slug}`)).html);
      expect(html).toContain("€50.00");
      expect(html).not.toContain("€30.00");
      expect(html).not.toContain("Lowest price in the last 30 days");
      expect(html).not.toContain("<s ");
    }
  });
});
