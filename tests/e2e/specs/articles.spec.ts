// Articles in a browser (issue 16, item 5): the owner writes an article at /home/articles/new (title, markdown
// body, author, SEO title with its 70-character count), publishes it and gives it a cover; a visitor finds it on
// /articles and reads it, with the cover and the date in the school's language. English at 1280 px, Polish at
// 390 px (docs/decisions/0035), axe on every screen. Screenshots in /tmp/shots-articles.
import type { Page } from "@playwright/test";
import type { BrowserClient } from "#tests/helpers/browser-client.ts";
import { png } from "#tests/helpers/media-fixtures.ts";
import { setUpSchool } from "#tests/helpers/school.ts";
import type { TestServer } from "#tests/helpers/test-server.ts";
import { expect, expectAccessible, gotoHydrated, login, owner, test, walks } from "../fixtures.ts";

const texts = {
  en: {
    school: "Test Academy",
    articles: "Articles",
    newArticle: "New article",
    title: "Title",
    body: "Article",
    seoTitle: "SEO title",
    status: "Status",
    create: "Create article",
    created: "Article created",
    cover: "Cover image",
    coverSaved: "Cover image saved",
    article: "Glazing without fear",
    text: "Start with a **thin coat** and let it dry.",
    shown: "Start with a thin coat and let it dry.",
    count: "20 / 70 characters recommended",
    by: "By Olga Owner",
  },
  pl: {
    school: "Akademia Testowa",
    articles: "Artykuły",
    newArticle: "Nowy artykuł",
    title: "Tytuł",
    body: "Treść artykułu",
    seoTitle: "Tytuł SEO",
    status: "Status",
    create: "Utwórz artykuł",
    created: "Artykuł utworzony",
    cover: "Zdjęcie okładki",
    coverSaved: "Zdjęcie okładki zapisane",
    article: "Szkliwienie bez strachu",
    text: "Zacznij od **cienkiej warstwy** i poczekaj, aż wyschnie.",
    shown: "Zacznij od cienkiej warstwy i poczekaj, aż wyschnie.",
    count: "23 / 70 zalecanych znaków",
    by: "Autor: Olga Owner",
  },
} as const;

const arranged = new WeakMap<TestServer, Promise<BrowserClient>>();

async function schoolIn(server: TestServer, language: keyof typeof texts) {
  let ready = arranged.get(server);
  if (!ready) {
    ready = setUpSchool(server, { language: "en" });
    arranged.set(server, ready);
  }
  const admin = await ready;
  const response = await admin.json("PUT", "/home/settings", {
    name: texts[language].school,
    language,
    currency: "EUR",
    login_enabled: true,
    registration_enabled: true,
  });
  expect(response.status).toBe(200);
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `/tmp/shots-articles/${name}.png`, fullPage: true });
}

for (const { language, width } of walks) {
  const t = texts[language];
  const viewport = { width, height: width < 600 ? 844 : 800 };

  test.describe(`articles in ${language} at ${width} px`, () => {
    test.slow();

    test("the owner writes and publishes an article, a visitor reads it", async ({ server, newPage }) => {
      await schoolIn(server, language);
      const page = await newPage({ viewport });
      await login(page, owner.email, owner.password);

      await gotoHydrated(page, "/home/articles");
      await expect(page.getByRole("heading", { level: 1, name: t.articles })).toBeVisible();
      await page.getByRole("link", { name: t.newArticle }).click();
      await page.waitForURL("**/home/articles/new");
      await expect(page.getByRole("heading", { level: 1, name: t.newArticle })).toBeVisible();
      await page.getByRole("textbox", { name: t.title, exact: true }).fill(t.article);
      await page.getByRole("textbox", { name: t.body, exact: true }).fill(t.text);
      await page.getByRole("textbox", { name: t.seoTitle, exact: true }).fill(t.article);
      await expect(page.getByText(t.count)).toBeVisible();
      await page.getByLabel(t.status, { exact: true }).selectOption("published");
      await expectAccessible(page);
      await shoot(page, `editor-new-${language}-${width}`);
      await page.getByRole("button", { name: t.create }).click();
      await page.waitForURL(/\/home\/articles\/\d+$/);
      await expect(page.getByText(t.created).first()).toBeVisible();
      // The address changes before React has swapped the new article's form for the editor (a transition): the
      // cover goes into the editor's upload box, not the one about to leave.
      await expect(page.getByRole("heading", { level: 1, name: t.article })).toBeVisible();

      const cover = page.getByRole("group", { name: t.cover, exact: true });
      await cover.getByLabel(/Choose an image|Wybierz obraz/).setInputFiles({
        name: "cover.png",
        mimeType: "image/png",
        buffer: png(1280, 800, { pixels: true, rgb: [180, 120, 60] }),
      });
      await expect(page.getByText(t.coverSaved).first()).toBeVisible();
      await expectAccessible(page);
      await shoot(page, `editor-${language}-${width}`);

      const reader = await newPage({ viewport });
      await gotoHydrated(reader, "/articles");
      await expect(reader.getByRole("heading", { level: 1, name: t.articles })).toBeVisible();
      await expectAccessible(reader);
      await shoot(reader, `list-${language}-${width}`);
      await reader.getByRole("link", { name: t.article }).click();
      await reader.waitForURL(/\/articles\/[a-z-]+$/);
      await expect(reader.getByRole("heading", { level: 1, name: t.article })).toBeVisible();
      await expect(reader.getByTestId("article-body")).toContainText(t.shown);
      await expect(reader.getByText(t.by)).toBeVisible();
      const image = reader.locator("article img").first();
      await expect(image).toHaveAttribute("width", "1280");
      await expect(image).toHaveAttribute("height", "800");
      await expectAccessible(reader);
      await shoot(reader, `article-${language}-${width}`);
    });
  });
}
