// Articles over HTTP (issue 16, item 5): the admin writes them (/home/articles: 401 without a session, 403 for
// students, 422 with field errors in the school's language); visitors see /articles and /articles/{slug} only for
// published articles whose date has come (drafts and scheduled ones are 404s and stay out of the feed and the
// sitemap); a students' article shows visitors the title and a log-in prompt, a members' article its title to
// anyone without a live membership, never the body; the markdown body is rendered safely; the page carries its
// SEO tags and JSON-LD Article; RSS 2.0 at /articles/rss.xml from the school's public address; and a scheduled
// article appears on the cached list when its time comes, with no write.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { englishSchool, visitor } from "../helpers/accounts.ts";
import type { BrowserClient } from "../helpers/browser-client.ts";
import { registerStudent, setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer, waitFor } from "../helpers/test-server.ts";
import { rawRequest } from "./media-helpers.ts";
import { arrangeMembership, arrangePlan } from "./memberships-admin-helpers.ts";

let server: TestServer;
let admin: BrowserClient;
let origin: string;

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

async function write(body: Record<string, unknown>) {
  const answer = await admin.json("POST", "/home/articles", body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.article as { id: number; slug: string; state: string; published_at: string | null };
}

function jsonLd(html: string): any[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
}

function metaContent(html: string, attribute: "name" | "property", key: string): string | undefined {
  const tag = new RegExp(`<meta ${attribute}="${key.replace(/[.:+]/g, "\\$&")}" content="([^"]*)"`).exec(html);
  return tag?.[1]?.replaceAll("&amp;", "&").replaceAll("&lt;", "<").replaceAll("&gt;", ">");
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await setUpSchool(server);
  origin = new URL(server.url).origin;
  await write({
    title: "Light & shadow <b>basics</b>",
    slug: "light-basics",
    body: "## Soft light\n\nUse a **window**. <script>alert(1)</script> [bad](javascript:alert(1)) <img src=x onerror=alert(2)>",
    author_name: "Olga Owner",
    seo_title: "Light basics for beginners",
    seo_description: "How soft light makes better photos.",
    status: "published",
    published_at: inDays(-2),
  });
  await write({ title: "Older news", slug: "older-news", body: "Old.", status: "published", published_at: inDays(-5) });
  await write({ title: "Draft thoughts", slug: "draft-thoughts", body: "Secret draft body.", status: "draft" });
  await write({
    title: "Next month",
    slug: "next-month",
    body: "Secret future body.",
    status: "published",
    published_at: inDays(30),
  });
  await write({
    title: "Students only",
    slug: "students-only",
    body: "Secret students body.",
    visibility: "students",
    status: "published",
    published_at: inDays(-1),
  });
  await write({
    title: "Members only",
    slug: "members-only",
    body: "Secret members body.",
    visibility: "members",
    seo_description: "For our club.",
    status: "published",
    published_at: inDays(-1),
  });
});
afterAll(() => server?.stop());

describe("the admin's articles", () => {
  it("lists every article with its state, newest first, and reads one", async () => {
    const list = await admin.json("GET", "/home/articles");
    expect(list.status).toBe(200);
    expect(list.body.articles.map((a: any) => [a.slug, a.state])).toEqual([
      ["draft-thoughts", "draft"],
      ["next-month", "scheduled"],
      ["members-only", "published"],
      ["students-only", "published"],
      ["light-basics", "published"],
      ["older-news", "published"],
    ]);
    const id = list.body.articles[0].id;
    const one = await admin.json("GET", `/home/articles/${id}`);
    expect(one.body.article).toMatchObject({ slug: "draft-thoughts", published_at: null, visibility: "public" });
    const page = await admin.page("/home/articles");
    expect(page.status).toBe(200);
    expect(page.html).toContain("Scheduled");
    expect(page.html).toContain('href="/home/articles/new"');
  });

  it("refuses visitors (401) and students (403), whatever the id", async () => {
    const guest = await visitor(server, "/");
    expect((await guest.json("POST", "/home/articles", { title: "x" })).status).toBe(401);
    expect((await guest.json("PUT", "/home/articles/1", { title: "x" })).status).toBe(401);
    const student = await registerStudent(server, {
      name: "Rights Student",
      email: "rights@example.com",
      password: "student-secret",
    });
    for (const [method, path] of [
      ["GET", "/home/articles"],
      ["POST", "/home/articles"],
      ["GET", "/home/articles/1"],
      ["PUT", "/home/articles/1"],
      ["DELETE", "/home/articles/1"],
      ["DELETE", "/home/articles/999999"],
    ] as const) {
      expect((await student.json(method, path, method === "GET" ? undefined : { title: "x" })).status, path).toBe(403);
    }
    expect((await student.page("/home/articles")).status).toBe(404);
    expect((await admin.json("DELETE", "/home/articles/999999")).status).toBe(404);
  });

  it("answers 422 with field errors, in English and in Polish, and refuses a taken address or a cover never uploaded", async () => {
    const english = await admin.json("POST", "/home/articles", {
      title: "  ",
      published_at: "tomorrow",
      visibility: "friends",
      seo_title: "x".repeat(201),
    });
    expect(english.status).toBe(422);
    expect(english.body.errors).toEqual({
      title: ["This field is required."],
      published_at: ["Invalid date."],
      visibility: ["Choose one of the options."],
      seo_title: ["The text may not be longer than 200 characters."],
    });
    const taken = await admin.json("POST", "/home/articles", { title: "Again", slug: "light-basics" });
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual({ slug: ["This name is already taken."] });
    const cover = await admin.json("POST", "/home/articles", {
      title: "Cover",
      cover_image: "images/2026/01/nope.png",
    });
    expect(cover.status).toBe(422);
    expect(Object.keys(cover.body.errors)).toEqual(["cover_image"]);

    await admin.json("PUT", "/home/settings", { ...englishSchool, language: "pl" });
    const polish = await admin.json("POST", "/home/articles", { title: "", published_at: "jutro" });
    await admin.json("PUT", "/home/settings", englishSchool);
    expect(polish.status).toBe(422);
    expect(polish.body.errors).toEqual({ title: ["To pole jest wymagane."], published_at: ["Nieprawidłowa data."] });
  });

  it("changes only the fields sent, dates a publication without one, and deletes", async () => {
    const article = await write({ title: "To change", body: "Body." });
    expect(article).toMatchObject({ slug: "to-change", state: "draft", published_at: null });
    const before = Date.now();
    const published = await admin.json("PUT", `/home/articles/${article.id}`, { status: "published" });
    expect(published.status).toBe(200);
    expect(published.body.article).toMatchObject({ title: "To change", body: "Body.", state: "published" });
    expect(Date.parse(published.body.article.published_at)).toBeGreaterThanOrEqual(before - 1000);
    expect((await (await visitor(server, "/")).page("/articles/to-change")).status).toBe(200);
    expect((await admin.json("DELETE", `/home/articles/${article.id}`)).status).toBe(200);
    expect((await (await visitor(server, "/")).page("/articles/to-change")).status).toBe(404);
  });
});

describe("what visitors see", () => {
  it("lists the articles on show, newest first, without drafts or scheduled ones", async () => {
    const { status, html } = await (await visitor(server, "/")).page("/articles");
    expect(status).toBe(200);
    const slugs = [...html.matchAll(/data-article="([^"]+)"/g)].map((m) => m[1]);
    expect(slugs).toEqual(["members-only", "students-only", "light-basics", "older-news"]);
    expect(html).not.toContain("Draft thoughts");
    expect(html).not.toContain("Next month");
    // A locked article's body is no excerpt; its own SEO description is.
    expect(html).not.toContain("Secret");
    expect(html).toContain("For our club.");
    expect(html).toContain('type="application/rss+xml"');
    // The header links the list once an article is on show.
    expect((await (await visitor(server, "/")).page("/")).html).toContain('href="/articles"');
  });

  it("answers 404 for drafts and scheduled articles, which admins preview with a banner and noindex", async () => {
    const guest = await visitor(server, "/");
    for (const slug of ["draft-thoughts", "next-month", "no-such-article"])
      expect((await guest.page(`/articles/${slug}`)).status, slug).toBe(404);
    const preview = await admin.page("/articles/next-month");
    expect(preview.status).toBe(200);
    expect(preview.html).toContain("Secret future body.");
    expect(preview.html).toContain("only admins see this page");
    expect(preview.html).toContain('<meta name="robots" content="noindex"/>');
  });

  it("renders the markdown body safely, with the SEO tags and a JSON-LD Article", async () => {
    const { status, html } = await (await visitor(server, "/")).page("/articles/light-basics");
    expect(status).toBe(200);
    expect(html).toContain("<h2>Soft light</h2>");
    expect(html).toContain("<strong>window</strong>");
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).not.toContain("javascript:");
    expect(html).not.toMatch(/<img[^>]*onerror/);
    expect(html).toContain("<title>Light basics for beginners · Test Academy</title>");
    expect(metaContent(html, "name", "description")).toBe("How soft light makes better photos.");
    expect(metaContent(html, "property", "og:type")).toBe("article");
    expect(metaContent(html, "property", "og:title")).toBe("Light basics for beginners");
    expect(metaContent(html, "name", "twitter:card")).toBe("summary");
    expect(html).toContain(`<link rel="canonical" href="${origin}/articles/light-basics"/>`);
    expect(html).toContain('<link rel="alternate" type="application/rss+xml"');
    expect(jsonLd(html)).toMatchObject([
      {
        "@type": "Article",
        headline: "Light & shadow <b>basics</b>",
        author: { "@type": "Person", name: "Olga Owner" },
        url: `${origin}/articles/light-basics`,
        publisher: { "@type": "Organization", name: "Test Academy" },
      },
    ]);
    expect(html).toContain("By Olga Owner");
  });

  it("shows a students' article to logged-in users only: visitors get the title and a log-in prompt", async () => {
    const guest = await (await visitor(server, "/")).page("/articles/students-only");
    expect(guest.status).toBe(200);
    expect(guest.html).toContain("Students only");
    expect(guest.html).toContain("This article is for our students");
    expect(guest.html).toContain('href="/login?next=%2Farticles%2Fstudents-only"');
    expect(guest.html).not.toContain("Secret students body.");
    const student = await registerStudent(server, {
      name: "Reading Student",
      email: "reader@example.com",
      password: "student-secret",
    });
    expect((await student.page("/articles/students-only")).html).toContain("Secret students body.");
  });

  it("keeps a members' article for live members: visitors and other students get the title and the plans", async () => {
    const planId = await arrangePlan(server.handle.db, { name: "Photo club" });
    await server.handle.db.updateTable("membership_plans").set({ signups_open: 1 }).where("id", "=", planId).execute();
    const guest = await (await visitor(server, "/")).page("/articles/members-only");
    expect(guest.html).toContain("This article is for members");
    expect(guest.html).toContain("Photo club");
    expect(guest.html).not.toContain("Secret members body.");
    const student = await registerStudent(server, {
      name: "Member Student",
      email: "member@example.com",
      password: "student-secret",
    });
    const locked = await student.page("/articles/members-only");
    expect(locked.html).toContain("This article is for members");
    expect(locked.html).not.toContain("Secret members body.");
    const user = await server.handle.db
      .selectFrom("users")
      .select("id")
      .where("email", "=", "member@example.com")
      .executeTakeFirstOrThrow();
    await arrangeMembership(server.handle.db, {
      userId: user.id,
      planId,
      status: "active",
      current_period_end: inDays(20),
    });
    expect((await student.page("/articles/members-only")).html).toContain("Secret members body.");
    expect((await admin.page("/articles/members-only")).html).toContain("Secret members body.");
  });
});

describe("the feed and the sitemap", () => {
  it("serves RSS 2.0 of the public articles on show, escaped, with links from the public address", async () => {
    const answer = await rawRequest(server, "GET", "/articles/rss.xml", { host: "evil.example" });
    expect(answer.status).toBe(200);
    expect((await fetch(`${server.url}/articles/rss.xml`)).headers.get("content-type")).toBe(
      "application/rss+xml; charset=utf-8",
    );
    expect(answer.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/);
    const links = [...answer.body.matchAll(/<item>[\s\S]*?<link>([^<]*)<\/link>/g)].map((m) => m[1]);
    expect(links).toEqual([`${origin}/articles/light-basics`, `${origin}/articles/older-news`]);
    expect(answer.body).toContain("<title>Light &amp; shadow &lt;b&gt;basics&lt;/b&gt;</title>");
    expect(answer.body).toContain("<dc:creator>Olga Owner</dc:creator>");
    expect(answer.body).not.toContain("evil.example");
    expect(answer.body).not.toContain("<script");
    for (const hidden of ["draft-thoughts", "next-month", "students-only", "members-only", "Secret"])
      expect(answer.body, hidden).not.toContain(hidden);
    expect(answer.body).toMatch(/<pubDate>\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT<\/pubDate>/);
  });

  it("adds the public articles on show to sitemap.xml", async () => {
    const answer = await rawRequest(server, "GET", "/sitemap.xml", { host: "evil.example" });
    const locs = [...answer.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toContain(`${origin}/articles`);
    expect(locs).toContain(`${origin}/articles/light-basics`);
    expect(locs).toContain(`${origin}/articles/older-news`);
    for (const slug of ["draft-thoughts", "next-month", "students-only", "members-only"])
      expect(locs).not.toContain(`${origin}/articles/${slug}`);
  });
});

describe("the rendered-page cache", () => {
  it("shows a scheduled article on the cached list when its time comes, with no write in between", async () => {
    const soon = new Date(Date.now() + 2500).toISOString();
    await write({ title: "Right on time", slug: "right-on-time", status: "published", published_at: soon });
    const first = await (await visitor(server, "/")).page("/articles");
    expect(first.html).not.toContain("Right on time");
    // Served from the cache meanwhile (same version, no write), and renewed at the article's moment.
    const second = await (await visitor(server, "/")).page("/articles");
    expect(second.headers.get("x-page-cache")).toBe("hit");
    const shown = await waitFor(
      async () => {
        const page = await (await visitor(server, "/")).page("/articles");
        return page.html.includes("Right on time") ? page : null;
      },
      { timeoutMs: 10_000 },
    );
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(soon));
    expect(shown.status).toBe(200);
  });

  it("renews a cached article page when the article changes", async () => {
    const guest = await visitor(server, "/");
    expect((await guest.page("/articles/older-news")).html).toContain("Old.");
    const { articles } = (await admin.json("GET", "/home/articles")).body;
    const older = articles.find((a: any) => a.slug === "older-news");
    await admin.json("PUT", `/home/articles/${older.id}`, { body: "Rewritten." });
    expect((await (await visitor(server, "/")).page("/articles/older-news")).html).toContain("Rewritten.");
  });
});
