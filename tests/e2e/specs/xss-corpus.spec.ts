// SECURITY.md figure 11: the XSS corpus (tests/fixtures/xss-corpus.txt, over 200 payloads) through every field
// one user writes and another sees, rendered by Chromium: 0 executions. Seeded straight into the database
// (so nothing is cleaned on the way in: the rendering alone must hold), many payloads per page:
// - the school's name (every page's header);
// - the catalog: two dozen more courses' titles and descriptions;
// - a course: title, description (markdown), author's name and bio, section titles, one lecture title per
//   payload (the curriculum lists them all), approved reviews (name, title, text);
// - products: name, description (markdown), variant names;
// - articles (a fourth test): title, author, SEO title and description, body (markdown), on the list, their pages
//   and the admin's list;
// - a page made of blocks: its title, Markdown text blocks, headings, questions and answers, a video's title
//   (the visitor's page and the owner's builder);
// - lecture bodies and text (markdown) components, a chunk of the corpus per lecture;
// - on each of those lectures, a page of comments (body and author's name) with one reply each (body and name);
// - and as the owner: the dashboard, the course and product lists, the reviews to moderate (students' names
//   and texts);
// - surveys (a third test): a survey's title, markdown description, separators, option labels (radio group,
//   dropdown, checkboxes) in the student's modal, and the open answers in the owner's results and dashboard;
// - the community (a second test): a topic's title and description, the corpus batched into ten posts' titles
//   and bodies (students' plain text, the owner's markdown), and comments on a post (bodies, writers' names).
// The browser ignores the Content-Security-Policy here (bypassCSP), so a payload the page let through would run:
// this tests the rendering, the CSP is a second wall. A run fails on any call of the payloads' __xss(n), any
// dialog (alert, confirm, prompt), and any element in the DOM with an on* attribute, a javascript:, vbscript: or
// data: URL, an injected script, or a frame/object/embed the page did not make.
import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { nowIso } from "#platform/db/connection.ts";
import { registerStudent } from "#tests/helpers/school.ts";
import type { TestServer } from "#tests/helpers/test-server.ts";
import { expect, login, newStudent, owner, test, waitForHydration } from "../fixtures.ts";

// The longest file of the suite (the first test alone is minutes): its tests seed their own data, so both workers
// share them instead of one worker walking them all while the other has finished.
test.describe.configure({ mode: "parallel" });

const CORPUS = path.resolve(import.meta.dirname, "../../fixtures/xss-corpus.txt");

/** The corpus' payloads: `XSS` replaced by __xss(<its number>), `\n` by a line break. */
function readCorpus(): string[] {
  return fs
    .readFileSync(CORPUS, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "" && !line.startsWith("#!"))
    .map((line, index) => line.replace(/XSS(?!_)/g, `__xss(${index + 1})`).replaceAll("\\n", "\n"));
}

const corpus = readCorpus();
const PER_PAGE = 20; // one page of comments (core/discussion/schemas.ts COMMENTS_PAGE)
const chunks = Array.from({ length: Math.ceil(corpus.length / PER_PAGE) }, (_, i) =>
  corpus.slice(i * PER_PAGE, (i + 1) * PER_PAGE),
);

type Seeded = { slug: string; lectureIds: number[]; student: { email: string; password: string }; pageId: number };

async function seed(server: TestServer): Promise<Seeded> {
  const db = server.handle.db;
  const now = nowIso();
  const at = (i: number) => new Date(Date.now() - (corpus.length - i) * 1000).toISOString();
  await db.updateTable("school").set({ name: corpus[0]! }).execute();
  const slug = "xss-corpus";
  const { id: courseId } = await db
    .insertInto("courses")
    .values({
      slug,
      title: corpus[1]!,
      description: corpus.join("\n\n"),
      author_name: corpus[2]!,
      author_bio: corpus[3]!,
      status: "published",
      price_cents: 9900,
      currency: "EUR",
      created_at: now,
      updated_at: now,
      published_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  // More courses for the catalog's cards: titles and descriptions.
  await db
    .insertInto("courses")
    .values(
      corpus.slice(100, 124).map((title, i) => ({
        slug: `xss-catalog-${i}`,
        title,
        description: corpus[(i + 150) % corpus.length]!,
        status: "published" as const,
        price_cents: 1000 + i,
        currency: "EUR",
        created_at: now,
        updated_at: now,
        published_at: now,
      })),
    )
    .execute();
  // Writers: one account per payload, its name the payload.
  const writers = await db
    .insertInto("users")
    .values(
      corpus.map((name, i) => ({
        email: `xss-writer-${i}@example.com`,
        name,
        password_hash: "not-a-login",
        role: "student" as const,
        email_notifications: "{}",
        created_at: now,
        updated_at: now,
      })),
    )
    .returning("id")
    .execute();
  const lectureIds: number[] = [];
  for (const [c, chunk] of chunks.entries()) {
    const { id: sectionId } = await db
      .insertInto("course_sections")
      .values({ course_id: courseId, title: chunk[0]!, position: c + 1 })
      .returning("id")
      .executeTakeFirstOrThrow();
    const lectures = await db
      .insertInto("lectures")
      .values(
        chunk.map((title, i) => ({
          section_id: sectionId,
          title,
          duration_minutes: 5,
          access: "free" as const,
          status: "published" as const,
          position: i + 1,
          body: i === 0 ? chunk.join("\n\n") : "",
        })),
      )
      .returning("id")
      .execute();
    const lectureId = lectures[0]!.id;
    lectureIds.push(lectureId);
    await db
      .insertInto("lecture_components")
      .values(
        chunk.map((markdown, i) => ({
          lecture_id: lectureId,
          kind: "markdown" as const,
          position: i + 1,
          data: JSON.stringify({ markdown }),
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    const offset = c * PER_PAGE;
    const comments = await db
      .insertInto("comments")
      .values(
        chunk.map((body, i) => ({
          commentable_type: "lecture" as const,
          commentable_id: lectureId,
          user_id: writers[offset + i]!.id,
          body,
          replies_count: 1,
          created_at: at(offset + i),
          updated_at: at(offset + i),
        })),
      )
      .returning("id")
      .execute();
    await db
      .insertInto("replies")
      .values(
        comments.map((comment, i) => ({
          comment_id: comment.id,
          // Another payload's writer and text than the comment's.
          user_id: writers[(offset + i + 7) % corpus.length]!.id,
          body: corpus[(offset + i + 7) % corpus.length]!,
          created_at: at(offset + i),
        })),
      )
      .execute();
  }
  await db
    .insertInto("reviews")
    .values(
      // Ten approved (the sale page), ten waiting for the owner (the moderation page).
      corpus.slice(0, 20).map((text, i) => ({
        course_id: courseId,
        user_id: writers[i]!.id,
        first_name: corpus[(i + 20) % corpus.length]!,
        rating: 10,
        title: corpus[(i + 40) % corpus.length]!,
        body: text,
        status: i < 10 ? ("approved" as const) : ("pending" as const),
        created_at: at(i),
      })),
    )
    .execute();
  // Products (an admin writes them, everyone reads them): name, description (markdown), variant names.
  const productPayloads = corpus.slice(0, 12);
  const products = await db
    .insertInto("products")
    .values(
      productPayloads.map((title, i) => ({
        kind: "consultation" as const,
        course_id: null,
        slug: `xss-product-${i}`,
        title,
        description: corpus.slice(i * 20, i * 20 + 20).join("\n\n"),
        cover_image: null,
        status: "published" as const,
        currency: "EUR",
        access_days: null,
        access_ends_at: null,
        event_starts_at: null,
        file_key: null,
        file_name: null,
        published_at: now,
        created_at: now,
        updated_at: now,
      })),
    )
    .returning("id")
    .execute();
  await db
    .insertInto("product_variants")
    .values(
      products.map((product, i) => ({
        product_id: product.id,
        position: 1,
        name: corpus[(i + 100) % corpus.length]!,
        price_cents: 1000,
        promo_price_cents: null,
        promo_starts_at: null,
        promo_ends_at: null,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
  // A page made of blocks (the admin writes it, everyone reads it): its title, Markdown text blocks (a chunk of
  // the corpus each), headings, questions and answers, and a video's title.
  const [sitePage] = await db
    .insertInto("subpages")
    .values({
      slug: "xss-page",
      title: corpus[3]!,
      status: "published",
      published_at: now,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .execute();
  const pageBlocks = [
    ...chunks.map((chunk) => ({ type: "text", settings: { markdown: chunk.join("\n\n") } })),
    ...corpus.slice(0, 20).map((text) => ({ type: "heading", settings: { text, level: 2 } })),
    {
      type: "faq",
      settings: { items: corpus.slice(20, 70).map((question, i) => ({ question, answer: corpus[70 + i]! })) },
    },
    { type: "video", settings: { url: "https://youtu.be/dQw4w9WgXcQ", title: corpus[120]! } },
  ];
  await db
    .insertInto("subpage_blocks")
    .values(
      pageBlocks.map((block, i) => ({
        subpage_id: sitePage!.id,
        type: block.type,
        settings: JSON.stringify(block.settings),
        position: i + 1,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
  const student = newStudent("Reader");
  await registerStudent(server, student);
  return { slug, lectureIds, student, pageId: sitePage!.id };
}

type Findings = { ran: string[]; unsafe: string[] };

/** A browser context that ignores the CSP, reports every payload call and dialog, and talks only to our server. */
async function watchedPage(browser: Browser, baseURL: string, findings: Findings): Promise<Page> {
  const context = await browser.newContext({ baseURL, bypassCSP: true, viewport: { width: 1280, height: 800 } });
  await context.exposeBinding("__xssReport", ({ frame }, what: string) =>
    findings.ran.push(`${what} on ${frame.url()}`),
  );
  await context.addInitScript(() => {
    const report = (what: string) => (window as unknown as { __xssReport(what: string): void }).__xssReport(what);
    Object.assign(window, { __xss: (n: number) => report(`payload ${n}`) });
    // Encoded payloads that cannot carry their number name these globals instead.
    for (const name of ["XSS", "XSS_entity", "XSS_hex", "XSS_svgentity"]) {
      Object.defineProperty(window, name, { configurable: true, get: () => report(name) });
    }
  });
  const origin = new URL(baseURL).origin;
  await context.route("**/*", (route) =>
    new URL(route.request().url()).origin === origin ? route.continue() : route.abort(),
  );
  const page = await context.newPage();
  page.on("dialog", (dialog) => {
    findings.ran.push(`${dialog.type()} "${dialog.message()}" on ${page.url()}`);
    void dialog.dismiss();
  });
  return page;
}

/** What an injected payload would leave in the DOM, whether or not it ran. */
async function unsafeMarkup(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const urlAttributes = new Set([
      "href",
      "xlink:href",
      "src",
      "action",
      "formaction",
      "data",
      "background",
      "poster",
      "dynsrc",
      "lowsrc",
      "srcset",
      "values",
      "to",
      "from",
      "content",
    ]);
    const where = (element: Element) => `<${element.tagName.toLowerCase()}> ${element.outerHTML.slice(0, 120)}`;
    for (const element of document.querySelectorAll("*")) {
      for (const attribute of element.attributes) {
        const name = attribute.name.toLowerCase();
        // eslint-disable-next-line no-control-regex -- browsers ignore these inside a scheme
        const value = attribute.value.replace(/[\u0000-\u0020]/g, "").toLowerCase();
        if (name.startsWith("on")) found.push(`${name} attribute: ${where(element)}`);
        if (name === "srcdoc") found.push(`srcdoc: ${where(element)}`);
        if (urlAttributes.has(name) && /(^|[;,=])(javascript|vbscript|data):/.test(value)) {
          found.push(`${name}=${value.slice(0, 60)}: ${where(element)}`);
        }
      }
    }
    for (const element of document.querySelectorAll(
      "iframe, frame, frameset, object, embed, base, body meta, body link",
    )) {
      found.push(`injected element: ${where(element)}`);
    }
    const isEscapedJson = (json: string) => {
      try {
        JSON.parse(json);
        return !json.includes("<");
      } catch {
        return false;
      }
    };
    for (const script of document.querySelectorAll("script")) {
      const text = script.textContent ?? "";
      // React Router's loader data carries the payloads as escaped JSON: a </script> breakout would end it
      // early and leave the rest as markup, a script or an on* attribute of its own, found here.
      if (text.startsWith("window.__reactRouter")) continue;
      // Structured data for search engines is data, never run: it passes when it is JSON with every "<" escaped
      // (a breakout would need a raw "</script>"), whatever payloads it carries as strings.
      if (script.type === "application/ld+json" && !script.closest("svg") && isEscapedJson(text)) continue;
      const src = script.getAttribute("src") ?? script.getAttribute("href") ?? script.getAttribute("xlink:href") ?? "";
      if (/__xss|XSS|evil\.invalid/.test(text + src) || script.closest("svg")) found.push(`script: ${where(script)}`);
    }
    return found;
  });
}

/** Waits until the page settled (no requests, every eager image loaded or failed), then records its findings. */
async function inspect(page: Page, findings: Findings, what: string) {
  await page.waitForLoadState("networkidle");
  await page.waitForFunction(() => [...document.images].every((image) => image.complete || image.loading === "lazy"));
  for (const problem of await unsafeMarkup(page)) findings.unsafe.push(`${what}: ${problem}`);
}

test("the XSS corpus runs nowhere: school, course, curriculum, lectures, comments, replies, reviews", async ({
  browser,
  server,
  baseURL,
  schoolEn: _,
}) => {
  // 253 payloads into every field, each page opened in Chromium: about a minute alone, twice that beside another
  // spec on a loaded 2-core machine (one CI run with helpers beside it took over 120 s).
  test.setTimeout(360_000);
  expect(corpus.length).toBeGreaterThanOrEqual(200);
  const seeded = await seed(server);
  const findings: Findings = { ran: [], unsafe: [] };
  const page = await watchedPage(browser, baseURL!, findings);

  // A visitor: the catalog, the course's sale page (description, author, curriculum, reviews), the products.
  for (const url of [
    "/",
    "/courses",
    `/${seeded.slug}`,
    "/products",
    "/products/xss-product-0",
    "/products/xss-product-5",
    "/xss-page",
  ]) {
    await page.goto(url);
    await waitForHydration(page);
    await inspect(page, findings, url);
    // The catalog shows the courses' titles, the sale page the reviews' texts (as text).
    if (url === "/courses") await expect(page.getByText(corpus[100]!, { exact: true }).first()).toBeAttached();
    if (url === `/${seeded.slug}`) await expect(page.getByText(corpus[9]!, { exact: true }).first()).toBeAttached();
  }

  // A logged-in student on each lecture with a chunk: bodies, components, comments and their replies.
  await login(page, seeded.student.email, seeded.student.password);
  for (const [c, lectureId] of seeded.lectureIds.entries()) {
    const url = `/${seeded.slug}/watch/${lectureId}`;
    await page.goto(url);
    await waitForHydration(page);
    const discussion = page.getByTestId("lecture-discussion");
    await expect(discussion.getByRole("button", { name: /^Show replies/ }).first()).toBeVisible();
    const buttons = discussion.getByRole("button", { name: /^Show replies/ });
    const count = await buttons.count();
    expect(count, url).toBe(chunks[c]!.length);
    // All at once (one by one, Playwright waits for each button to be stable: minutes for 250 of them).
    await discussion.evaluate((element) => {
      for (const button of element.querySelectorAll("button")) {
        if (button.textContent?.startsWith("Show replies")) button.click();
      }
    });
    await expect(buttons).toHaveCount(0);
    await expect(discussion.getByRole("button", { name: /^Hide replies/ })).toHaveCount(count);
    await inspect(page, findings, url);
  }

  // The school's owner reads what students wrote (reviews to moderate) and the course and product lists.
  await page.context().clearCookies();
  await login(page, owner.email, owner.password);
  for (const url of ["/home", "/home/courses", "/home/products", `/home/pages/${seeded.pageId}`, "/home/reviews"]) {
    await page.goto(url);
    await waitForHydration(page);
    await inspect(page, findings, url);
  }
  // The reviews' texts are on the moderation page, the last one (as text).
  await expect(page.locator("main")).toContainText("__xss(12)");

  expect(findings.ran, "payloads that ran").toEqual([]);
  expect(findings.unsafe, "unsafe markup in the DOM").toEqual([]);
  await page.context().close();
});

/** How many posts of each kind carry the corpus: few posts (one feed page), many payloads each. */
const POSTS_PER_KIND = 5;

type SeededCommunity = { topicId: number; postIds: number[]; student: { email: string; password: string } };

/**
 * The community: a public topic (title, description) with the corpus batched into few posts, each kind in turn:
 * a student's (plain text) and the owner's (markdown), titles and bodies; and on the first post one comment per
 * chunk of the corpus, each by a student named with a payload.
 */
async function seedCommunity(server: TestServer): Promise<SeededCommunity> {
  const db = server.handle.db;
  const now = nowIso();
  const at = (i: number) => new Date(Date.now() - (100 - i) * 1000).toISOString();
  const { id: ownerId } = await db
    .selectFrom("users")
    .select("id")
    .where("email", "=", owner.email)
    .executeTakeFirstOrThrow();
  const writers = await db
    .insertInto("users")
    .values(
      chunks.map((chunk, c) => ({
        email: `xss-community-writer-${c}@example.com`,
        name: chunk[3 % chunk.length]!,
        password_hash: "not-a-login",
        role: "student" as const,
        email_notifications: "{}",
        created_at: now,
        updated_at: now,
      })),
    )
    .returning("id")
    .execute();
  const { id: topicId } = await db
    .insertInto("community_topics")
    .values({
      title: corpus[4]!,
      description: corpus[5]!,
      visibility: "public",
      allow_students_to_add_posts: 1,
      position: 1,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const size = Math.ceil(corpus.length / POSTS_PER_KIND);
  const batches = Array.from({ length: POSTS_PER_KIND }, (_, i) => corpus.slice(i * size, (i + 1) * size));
  const postIds: number[] = [];
  for (const [i, batch] of batches.entries()) {
    for (const byAdmin of [0, 1]) {
      const { id } = await db
        .insertInto("community_posts")
        .values({
          topic_id: topicId,
          user_id: byAdmin ? ownerId : writers[i % writers.length]!.id,
          by_admin: byAdmin,
          // A title of many payloads (one per batch would leave most out), the body all of the batch's.
          title: batch.join(" "),
          body: batch.join("\n\n"),
          image: null,
          image_width: null,
          image_height: null,
          video_url: null,
          video_id: null,
          pinned_at: null,
          hidden_at: null,
          comments_count: postIds.length === 0 ? chunks.length : 0,
          created_at: at(postIds.length),
          updated_at: at(postIds.length),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      postIds.push(id);
    }
  }
  await db
    .insertInto("comments")
    .values(
      chunks.map((chunk, c) => ({
        commentable_type: "post" as const,
        commentable_id: postIds[0]!,
        user_id: writers[c]!.id,
        body: chunk.join("\n\n"),
        replies_count: 0,
        created_at: at(50 + c),
        updated_at: at(50 + c),
      })),
    )
    .execute();
  const student = newStudent("Community reader");
  await registerStudent(server, student);
  return { topicId, postIds, student };
}

test("the XSS corpus runs nowhere in the community: topics, posts (plain text and markdown), comments on posts", async ({
  browser,
  server,
  baseURL,
  schoolEn: _,
}) => {
  // Twelve pages: the topics, the topic's feed, ten posts (one with the corpus' comments).
  test.setTimeout(120_000);
  const seeded = await seedCommunity(server);
  const findings: Findings = { ran: [], unsafe: [] };
  const page = await watchedPage(browser, baseURL!, findings);
  await login(page, seeded.student.email, seeded.student.password);

  for (const url of ["/community", `/community/topics/${seeded.topicId}`]) {
    await page.goto(url);
    await waitForHydration(page);
    await inspect(page, findings, url);
  }
  // The feed shows every post (one page), its titles as text.
  await expect(page.locator("main")).toContainText("__xss(1)");
  for (const [i, postId] of seeded.postIds.entries()) {
    const url = `/community/posts/${postId}`;
    await page.goto(url);
    await waitForHydration(page);
    // (A markdown body may hold headings of its own: the post's title is the first.)
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    if (i === 0) {
      // Every chunk's comment is on the page, their bodies as text.
      const discussion = page.getByTestId("post-discussion");
      for (const chunk of chunks) {
        const marker = chunk.join(" ").match(/__xss\(\d+\)/)?.[0];
        if (marker) await expect(discussion).toContainText(marker);
      }
    }
    await inspect(page, findings, url);
  }

  expect(findings.ran, "payloads that ran").toEqual([]);
  expect(findings.unsafe, "unsafe markup in the DOM").toEqual([]);
  await page.context().close();
});

type SeededSurvey = { surveyId: number; student: { email: string; password: string } };

/**
 * Surveys (issue 17, item 1): one survey in the student area whose title is a payload, its markdown description
 * the whole corpus, separators titled by payloads, and choice questions whose option labels are payloads (five to
 * a radio group, more in a dropdown, and checkboxes); then one answer per chunk whose open answer is the chunk.
 */
async function seedSurvey(server: TestServer): Promise<SeededSurvey> {
  const db = server.handle.db;
  const now = nowIso();
  const short = corpus.filter((payload) => payload.trim().length > 0 && payload.length <= 200);
  const labels = (from: number, count: number) =>
    short.slice(from, from + count).map((label, i) => ({ value: `v${i}`, label: label.trim() }));
  const separators = corpus
    .filter((payload) => payload.trim().length > 0 && payload.length <= 300)
    .slice(0, 10)
    .map((title) => ({
      type: "separator",
      title: title.trim(),
      placeholder: "",
      required: false,
      inputType: "text",
      options: [],
    }));
  const question = (type: string, title: string, options: { value: string; label: string }[]) => ({
    type,
    title,
    placeholder: "",
    required: false,
    inputType: "text",
    options,
  });
  const questions = [
    ...separators,
    question("select", "Few options", labels(0, 5)),
    question("select", "Many options", labels(5, 30)),
    question("checkbox", "Ticked options", labels(35, 30)),
    question("textarea", "Open answer", []),
  ];
  const { id: surveyId } = await db
    .insertInto("surveys")
    .values({
      title: corpus[4]!,
      description: corpus.join("\n\n"),
      questions: JSON.stringify(questions),
      placement: "student_area",
      course_id: null,
      lecture_id: null,
      product_id: null,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const [c, chunk] of chunks.entries()) {
    const { id: userId } = await db
      .insertInto("users")
      .values({
        name: chunk[0]!,
        email: `survey-xss-${c}@example.com`,
        password_hash: "x",
        role: "student",
        email_notifications: "{}",
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("survey_responses")
      .values({
        survey_id: surveyId,
        user_id: userId,
        course_id: null,
        answers: JSON.stringify({
          "few-options": "v1",
          "ticked-options": ["v2", "v3"],
          "open-answer": chunk.join("\n"),
        }),
        responded_at: now,
      })
      .execute();
  }
  const student = newStudent("Survey reader");
  await registerStudent(server, student);
  return { surveyId, student };
}

test("the XSS corpus runs nowhere in surveys: the modal, the admin's list, results and dashboard", async ({
  browser,
  server,
  baseURL,
  schoolEn: _,
}) => {
  test.setTimeout(120_000);
  const seeded = await seedSurvey(server);
  const findings: Findings = { ran: [], unsafe: [] };
  const page = await watchedPage(browser, baseURL!, findings);

  // The student: the survey's modal on /my (title, description, separators, radios, dropdown, checkboxes).
  await login(page, seeded.student.email, seeded.student.password);
  await page.goto("/my");
  await waitForHydration(page);
  const modal = page.getByRole("dialog");
  await expect(modal.getByRole("radiogroup")).toBeVisible();
  await expect(modal.getByRole("combobox")).toBeVisible();
  await inspect(page, findings, "/my (survey modal)");
  await page.context().clearCookies();

  // The owner: the list, the results (option labels, every open answer), the dashboard (the latest answers).
  await login(page, owner.email, owner.password);
  for (const url of ["/home/surveys", `/home/surveys/${seeded.surveyId}`, "/home"]) {
    await page.goto(url);
    await waitForHydration(page);
    await inspect(page, findings, url);
  }

  expect(findings.ran, "payloads that ran").toEqual([]);
  expect(findings.unsafe, "unsafe markup in the DOM").toEqual([]);
  await page.context().close();
});

/** Articles (an admin writes them, everyone reads them): title, author, SEO title and description, markdown body. */
async function seedArticles(server: TestServer): Promise<void> {
  const db = server.handle.db;
  const now = nowIso();
  const at = (i: number) => new Date(Date.now() - (100 - i) * 1000).toISOString();
  await db
    .insertInto("articles")
    .values(
      corpus.slice(0, 12).map((title, i) => ({
        slug: `xss-article-${i}`,
        title,
        body: corpus.slice(i * 20, i * 20 + 20).join("\n\n"),
        cover_image: null,
        author_name: corpus[(i + 50) % corpus.length]!,
        seo_title: corpus[(i + 60) % corpus.length]!,
        seo_description: corpus[(i + 70) % corpus.length]!,
        visibility: "public" as const,
        status: "published" as const,
        published_at: at(i),
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
}

test("the XSS corpus runs nowhere in articles: the list, their pages, the admin's list", async ({
  browser,
  server,
  baseURL,
  schoolEn: _,
}) => {
  test.setTimeout(120_000);
  await seedArticles(server);
  const findings: Findings = { ran: [], unsafe: [] };
  const page = await watchedPage(browser, baseURL!, findings);
  for (const url of ["/articles", "/articles/xss-article-0", "/articles/xss-article-5"]) {
    await page.goto(url);
    await waitForHydration(page);
    await inspect(page, findings, url);
  }
  // The article's body was rendered (the payloads as text or dropped markup).
  await expect(page.getByTestId("article-body")).toBeAttached();
  await page.context().clearCookies();
  await login(page, owner.email, owner.password);
  await page.goto("/home/articles");
  await waitForHydration(page);
  await inspect(page, findings, "/home/articles");
  await expect(page.locator("[data-article-id]")).toHaveCount(12);

  expect(findings.ran, "payloads that ran").toEqual([]);
  expect(findings.unsafe, "unsafe markup in the DOM").toEqual([]);
  await page.context().close();
});
