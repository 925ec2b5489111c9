// The catalog in the browser, in English and in Polish, at 390 and 1280 px, with axe on every page and state:
// /courses as cards, a course's sales page (promotion, lowest price of 30 days, curriculum lengths), its reviews
// fetched only when scrolled near (POST /json/reviews) with 'More', and the search modal (focused box, debounced
// search, results linking to the course, the empty message, the q error, clearing).
import type { Page } from "@playwright/test";
import type { BrowserClient } from "#tests/helpers/browser-client.ts";
import { owner, registerStudent, setUpSchool } from "#tests/helpers/school.ts";
import type { TestServer } from "#tests/helpers/test-server.ts";
import { addCourse, addReview, daysFromNow, grantAccessByEmail } from "#tests/integration/catalog-helpers.ts";
import { expect, expectAccessible, gotoHydrated, login, newStudent, test, walks } from "../fixtures.ts";

const texts = {
  en: {
    school: "Test Academy",
    courses: "Courses",
    lectures: "9 lectures",
    regular: "€129.00",
    promo: "€89.00",
    lowest: "Lowest price in the last 30 days: €129.00",
    buy: "Buy now",
    curriculum: "Curriculum",
    reviews: "Reviews",
    more: "More",
    recommended: "Recommended",
    notRecommended: "Not recommended",
    searchButton: "Search courses",
    searchBox: "Search for a course",
    noResults: "No results this time. Please try again.",
    tooLong: "The text may not be longer than 100 characters.",
    writeTitle: "Write a review",
    ratingRecommended: "Recommended",
    reviewBody: "Your review",
    send: "Send review",
    chooseRating: "Choose one of the options.",
    sent: "Thank you! Your review will appear after approval.",
    waiting: "Your review is waiting for approval.",
    adminReviews: "Reviews",
    approve: "Approve",
    approved: "Review approved",
  },
  pl: {
    school: "Akademia Testowa",
    courses: "Kursy",
    lectures: "9 lekcji",
    regular: "129,00 €",
    promo: "89,00 €",
    lowest: "Najniższa cena z ostatnich 30 dni: 129,00 €",
    buy: "Kup teraz",
    curriculum: "Program kursu",
    reviews: "Opinie",
    more: "Więcej",
    recommended: "Polecam",
    notRecommended: "Nie polecam",
    searchButton: "Szukaj kursów",
    searchBox: "Wyszukaj kurs",
    noResults: "Tym razem nic nie znaleźliśmy. Spróbuj ponownie.",
    tooLong: "Treść nie może mieć więcej niż 100 znaków.",
    writeTitle: "Napisz opinię",
    ratingRecommended: "Polecam",
    reviewBody: "Twoja opinia",
    send: "Wyślij opinię",
    chooseRating: "Wybierz jedną z opcji.",
    sent: "Dziękujemy! Opinia pojawi się po zatwierdzeniu.",
    waiting: "Twoja opinia czeka na zatwierdzenie.",
    adminReviews: "Opinie",
    approve: "Zatwierdź",
    approved: "Opinia zatwierdzona",
  },
} as const;

type Lang = keyof typeof texts;

// One school and one set of courses per server; the school's language is switched in the settings as a test needs.
const arranged = new WeakMap<TestServer, Promise<BrowserClient>>();

async function schoolIn(server: TestServer, language: Lang): Promise<void> {
  let ready = arranged.get(server);
  if (!ready) {
    ready = (async () => {
      const admin = await setUpSchool(server, { language: "en", currency: "EUR" });
      const lectures = (prefix: string, minutes: number[]) =>
        minutes.map((m, i) => ({
          title: `${prefix} ${i + 1}`,
          minutes: m,
          access: i === 0 ? ("free" as const) : ("paid" as const),
        }));
      const id = await addCourse(server, {
        slug: "pottery",
        title: "Pottery at home",
        description: "Learn **pottery** from scratch: centering, throwing and glazing.",
        price_cents: 12900,
        promo_price_cents: 8900,
        promo_starts_at: daysFromNow(-1),
        promo_ends_at: daysFromNow(6),
        author_name: "Paula Potter",
        author_bio: "Twenty years at the wheel.",
        sections: [
          { title: "Clay", lectures: lectures("Clay lecture", [5, 60, 75]) },
          { title: "Wheel", lectures: lectures("Wheel lecture", [45, 30, 90]) },
          { title: "Kiln", lectures: lectures("Kiln lecture", [20, 0, 125]) },
        ],
      });
      for (let i = 0; i < 7; i++) {
        await addReview(server, id, {
          first_name: `Reader${i}`,
          rating: i === 0 ? 0 : 10,
          status: "approved",
          title: `Review title ${i}`,
          body: `Review text number ${i}.`,
          created_at: new Date(Date.UTC(2026, 0, 1, 9, i)).toISOString(),
        });
      }
      await addReview(server, id, {
        first_name: "Hidden",
        rating: 10,
        status: "pending",
        body: "Waiting review text.",
      });
      await addCourse(server, {
        slug: "zrodla-swiatla",
        title: "Źródła światła",
        description: "Fotografia w plenerze.",
      });
      await addCourse(server, { slug: "weaving", title: "Weaving basics", price_cents: 0 });
      return admin;
    })();
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

async function openPage(
  newPage: (o?: { viewport?: { width: number; height: number } }) => Promise<Page>,
  width: number,
) {
  return newPage({ viewport: { width, height: width < 600 ? 844 : 800 } });
}

// Each language once and each width once (docs/decisions/0035).
for (const { language, width } of walks) {
  const t = texts[language];

  test.describe(`the catalog in ${language} at ${width} px`, () => {
    test("lists the courses, shows a sales page and loads its reviews when scrolled near, with 'More'", async ({
      server,
      newPage,
    }) => {
      await schoolIn(server, language);
      const page = await openPage(newPage, width);
      await gotoHydrated(page, "/courses");
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      await expect(page.getByRole("heading", { level: 1, name: t.courses })).toBeVisible();
      const card = page.locator('[data-course="pottery"]');
      await expect(card.getByRole("link", { name: "Pottery at home" })).toBeVisible();
      await expect(card).toContainText(t.lectures);
      await expect(card).toContainText("7h 30min");
      await expect(card.locator("s")).toHaveText(t.regular);
      await expect(card).toContainText(t.promo);
      await expectAccessible(page);

      const reviewCalls: string[] = [];
      page.on("request", (request) => {
        if (new URL(request.url()).pathname === "/json/reviews") reviewCalls.push(request.postData() ?? "");
      });
      await card.getByRole("link", { name: "Pottery at home" }).click();
      await page.waitForURL("**/pottery");
      await expect(page.getByRole("heading", { level: 1, name: "Pottery at home" })).toBeVisible();
      const details = page.locator("aside");
      await expect(details.getByTestId("promo-price")).toHaveText(t.promo);
      await expect(details.getByTestId("regular-price")).toHaveText(t.regular);
      await expect(details.getByTestId("lowest-30-days")).toHaveText(t.lowest);
      await expect(details.getByRole("link", { name: t.buy })).toHaveAttribute("href", "/pottery/checkout");
      await expect(page.getByRole("heading", { level: 2, name: t.curriculum })).toBeVisible();
      await expect(page.locator('[data-lecture-id]:has-text("Clay lecture 3") [data-duration]')).toHaveText("1h 15min");
      await expect(page.locator('[data-lecture-id]:has-text("Kiln lecture 2") [data-duration]')).toHaveCount(0);
      await expectAccessible(page);

      // Far below the fold: nothing fetched yet.
      const list = page.getByTestId("reviews-list");
      await expect(list).toHaveAttribute("data-loaded", "false");
      expect(reviewCalls).toEqual([]);
      await page.getByRole("heading", { level: 2, name: t.reviews }).scrollIntoViewIfNeeded();
      await expect(list.locator("article")).toHaveCount(5);
      expect(reviewCalls.map((body) => JSON.parse(body).length)).toEqual([0]);
      await expect(list.locator("article").first()).toContainText("Review text number 6.");
      await expect(list.locator("article").first()).toContainText(t.recommended);
      await expectAccessible(page);

      await list.getByRole("button", { name: t.more }).click();
      await expect(list.locator("article")).toHaveCount(7);
      expect(reviewCalls.map((body) => JSON.parse(body).length)).toEqual([0, 5]);
      await expect(list.locator("article").last()).toContainText(t.notRecommended);
      await expect(list.getByRole("button", { name: t.more })).toHaveCount(0);
      await expect(list).not.toContainText("Waiting review text.");
      await expectAccessible(page);
    });

    test("searches in the modal: focused box, results, the empty message, the q error and clearing", async ({
      server,
      newPage,
    }) => {
      await schoolIn(server, language);
      const page = await openPage(newPage, width);
      await gotoHydrated(page, "/courses");
      await page.getByRole("button", { name: t.searchButton }).click();
      const dialog = page.getByRole("dialog");
      await expect(dialog).toBeVisible();
      const box = dialog.getByRole("searchbox", { name: t.searchBox });
      await expect(box).toBeFocused();
      await expectAccessible(page);

      const searches: string[] = [];
      page.on("request", (request) => {
        if (new URL(request.url()).pathname === "/search") searches.push(JSON.parse(request.postData() ?? "{}").q);
      });
      // Typed key by key: the call goes out once the typing stops (500 ms debounce).
      await box.pressSequentially("ZRODLA", { delay: 40 });
      const result = dialog.getByRole("link", { name: "Źródła światła" });
      await expect(result).toBeVisible();
      await expect(dialog.getByTestId("search-spinner")).toHaveCount(0);
      // Debounced: not one call per key (a slow machine may pause long enough mid-word for a second call).
      expect(searches.at(-1)).toBe("ZRODLA");
      expect(searches.length).toBeLessThan(3);
      await expect(dialog.locator("img")).toHaveCount(1);
      await expectAccessible(page);

      await box.fill("no-such-course-anywhere");
      await expect(dialog.getByTestId("search-empty")).toHaveText(t.noResults);
      await expect(dialog.getByRole("status")).toHaveText(t.noResults);
      await expect(result).toHaveCount(0);
      await expectAccessible(page);

      await box.fill("x".repeat(101));
      await expect(dialog.getByText(t.tooLong)).toBeVisible();
      await expect(box).toHaveAttribute("aria-invalid", "true");
      await expect(dialog.getByTestId("search-empty")).toHaveCount(0);

      await box.fill("");
      await expect(dialog.getByText(t.tooLong)).toHaveCount(0);
      await expect(dialog.getByTestId("search-results")).toHaveCount(0);

      await box.fill("światła");
      await dialog.getByRole("link", { name: "Źródła światła" }).click();
      await page.waitForURL("**/zrodla-swiatla");
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(page.getByRole("heading", { level: 1, name: "Źródła światła" })).toBeVisible();
      await expectAccessible(page);
    });

    test("a student with access writes a review, and the admin approves it on /home/reviews", async ({
      server,
      newPage,
    }) => {
      await schoolIn(server, language);
      const student = newStudent(`Wiktor${language}${width}`);
      await registerStudent(server, student);
      const weaving = await server.handle.db
        .selectFrom("courses")
        .select("id")
        .where("slug", "=", "weaving")
        .executeTakeFirstOrThrow();
      await grantAccessByEmail(server, student.email, weaving.id);
      const body = `A review written in ${language} at ${width} px.`;

      const page = await openPage(newPage, width);
      await login(page, student.email, student.password);
      await gotoHydrated(page, "/weaving");
      const form = page.locator("form", { has: page.getByRole("button", { name: t.send }) });
      await expect(page.getByRole("heading", { level: 3, name: t.writeTitle })).toBeVisible();
      // Without a rating: the shared schema's message, before anything is sent.
      await form.getByLabel(t.reviewBody).fill(body);
      await form.getByRole("button", { name: t.send }).click();
      await expect(form.getByText(t.chooseRating)).toBeVisible();
      await expectAccessible(page);
      await form.getByRole("radio", { name: t.ratingRecommended, exact: true }).check();
      const [stored] = await Promise.all([
        page.waitForResponse((r) => new URL(r.url()).pathname === "/json/reviews/store"),
        form.getByRole("button", { name: t.send }).click(),
      ]);
      expect(stored.status()).toBe(200);
      await expect(page.getByRole("status").filter({ hasText: t.sent })).toBeVisible();
      await expect(page.getByText(t.waiting)).toBeVisible();
      await expect(page.getByRole("heading", { level: 3, name: t.writeTitle })).toHaveCount(0);
      await expectAccessible(page);

      const adminPage = await openPage(newPage, width);
      await login(adminPage, owner.email, owner.password);
      await gotoHydrated(adminPage, "/home/reviews");
      await expect(adminPage.getByRole("heading", { level: 1, name: t.adminReviews })).toBeVisible();
      const item = adminPage.locator("article", { hasText: body });
      await expect(item).toBeVisible();
      await expectAccessible(adminPage);
      await item.getByRole("button", { name: new RegExp(`^${t.approve}`) }).click();
      await expect(adminPage.getByText(t.approved)).toBeVisible();
      await expect(adminPage.locator("article", { hasText: body })).toHaveCount(0);
      await gotoHydrated(adminPage, "/home/reviews?status=approved");
      await expect(adminPage.locator("article", { hasText: body })).toBeVisible();
      await expectAccessible(adminPage);

      // Visitors see it now (the cached page renews within a second of the approval).
      const visitorPage = await openPage(newPage, width);
      await expect(async () => {
        await gotoHydrated(visitorPage, "/weaving");
        await visitorPage.getByRole("heading", { level: 2, name: t.reviews }).scrollIntoViewIfNeeded();
        await expect(visitorPage.getByTestId("reviews-list").getByText(body)).toBeVisible({ timeout: 2_000 });
      }).toPass({ timeout: 15_000 });
    });
  });
}
