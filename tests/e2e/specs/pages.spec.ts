// Pages made of blocks in a browser (issue 16, items 2 and 3): the owner creates a page, adds a heading, a text,
// questions and answers, a video, a checkout button and an evergreen countdown in the builder, moves a block with
// the keyboard, previews the draft, publishes it, and a visitor sees it at its address: the countdown ticking from
// a deadline the server keeps (the same after a reload), the video a button until clicked (no frame of the
// provider's before), the answers opening like any disclosure. In English at 1280 px and Polish at 390 px, with axe
// on each screen. Then the picture blocks (carousel, before/after, gallery, testimonials) on a page arranged through
// the calls, at both widths and languages.
import type { Locator, Page } from "@playwright/test";
import { BrowserClient } from "../../helpers/browser-client.ts";
import type { TestServer } from "../../helpers/test-server.ts";
import { recordStoredUpload, storePostImage } from "#tests/helpers/gallery-fixtures.ts";
import { expect, expectAccessible, gotoHydrated, login, owner, test, walks } from "../fixtures.ts";

const SHOTS = process.env.PAGES_SHOTS;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** The owner, signed in through the API. */
async function ownerClient(server: TestServer): Promise<BrowserClient> {
  const admin = new BrowserClient(server.url);
  await admin.page("/login");
  await admin.post("/login", { email: owner.email, password: owner.password });
  return admin;
}

/** The school's language, switched through the settings API. */
async function setLanguage(admin: BrowserClient, language: "en" | "pl") {
  const settings = await admin.json("PUT", "/home/settings", {
    name: "Test Academy",
    language,
    currency: "EUR",
    login_enabled: true,
    registration_enabled: true,
  });
  expect(settings.status).toBe(200);
}

/** The school's language and a course to sell (through the authoring API). */
async function arrange(server: TestServer, language: "en" | "pl", title: string) {
  const admin = await ownerClient(server);
  await setLanguage(admin, language);
  const course = await admin.post("/home/courses", { title, currency: "EUR", price_cents: 4900, status: "published" });
  expect(course.status).toBe(200);
}

const texts = {
  en: {
    title: "Title",
    create: "Create page",
    add: (type: string) => new RegExp(`^${type}$`),
    heading: "Heading",
    text: "Text",
    faq: "Questions and answers",
    video: "Video",
    checkout: "Checkout button",
    countdown: "Countdown",
    markdown: "Text (Markdown)",
    question: "Question",
    answer: "Answer",
    videoUrl: "Video link",
    course: "Course",
    ends: "Ends",
    evergreen: "evergreen",
    minutes: "Minutes per visitor",
    expired: "Text after the end",
    save: "Save block",
    publish: "Publish",
    published: "The page is published",
    draft: "This page is a draft",
    play: "Play video",
    buy: "Buy",
  },
  pl: {
    title: "Tytuł",
    create: "Utwórz stronę",
    add: (type: string) => new RegExp(`^${type}$`),
    heading: "Nagłówek",
    text: "Tekst",
    faq: "Pytania i odpowiedzi",
    video: "Wideo",
    checkout: "Przycisk zakupu",
    countdown: "Odliczanie",
    markdown: "Tekst (Markdown)",
    question: "Pytanie",
    answer: "Odpowiedź",
    videoUrl: "Link do wideo",
    course: "Kurs",
    ends: "Koniec",
    evergreen: "evergreen",
    minutes: "Minuty na odwiedzającego",
    expired: "Tekst po zakończeniu",
    save: "Zapisz blok",
    publish: "Opublikuj",
    published: "Strona jest opublikowana",
    draft: "Ta strona jest szkicem",
    play: "Odtwórz wideo",
    buy: "Kup",
  },
} as const;

async function addBlock(page: Page, type: string, fill: (form: Locator) => Promise<void>, save: string) {
  await page
    .getByRole("group", { name: /Add a block|Dodaj blok/ })
    .getByRole("button", { name: type, exact: true })
    .click();
  const form = page.getByTestId("new-block");
  await fill(form);
  const [response] = await Promise.all([
    page.waitForResponse((r) => /\/blocks$/.test(new URL(r.url()).pathname) && r.request().method() === "POST"),
    form.getByRole("button", { name: save }).click(),
  ]);
  expect(response.status()).toBe(200);
  await expect(form).toHaveCount(0);
}

for (const { language, width } of walks) {
  test(`the owner builds and publishes a page, a visitor sees it (${language}, ${width} px)`, async ({
    page,
    newPage,
    server,
    schoolEn,
  }) => {
    test.slow();
    const t = texts[language];
    const courseTitle = language === "en" ? "Pottery basics" : "Garncarstwo od podstaw";
    const slug = language === "en" ? "spring-offer" : "oferta-wiosenna";
    await page.setViewportSize({ width, height: 900 });
    expect(schoolEn.owner.email).toBe(owner.email);
    await arrange(server, language, courseTitle);
    await login(page, owner.email, owner.password);

    await gotoHydrated(page, "/home/pages");
    await expectAccessible(page);
    await page.getByLabel(t.title, { exact: true }).fill(language === "en" ? "Spring offer" : "Oferta wiosenna");
    await page.getByRole("button", { name: t.create }).click();
    await page.waitForURL(/\/home\/pages\/\d+$/);
    await expect(page.locator("html[data-hydrated='true']")).toBeAttached();

    // A refused block keeps what was typed and says why under the field.
    await page
      .getByRole("group", { name: /Add a block|Dodaj blok/ })
      .getByRole("button", { name: t.video, exact: true })
      .click();
    const videoForm = page.getByTestId("new-block");
    await videoForm.getByLabel(t.videoUrl).fill("https://example.com/movie.mp4");
    await videoForm.getByRole("button", { name: t.save }).click();
    await expect(videoForm.getByText(/YouTube, Vimeo/)).toBeVisible();
    await expect(videoForm.getByLabel(t.videoUrl)).toHaveValue("https://example.com/movie.mp4");
    await videoForm.getByLabel(t.videoUrl).fill("https://youtu.be/dQw4w9WgXcQ");
    await Promise.all([
      page.waitForResponse((r) => /\/blocks$/.test(new URL(r.url()).pathname) && r.status() === 200),
      videoForm.getByRole("button", { name: t.save }).click(),
    ]);
    await expect(videoForm).toHaveCount(0);

    await addBlock(
      page,
      t.heading,
      (form) =>
        form
          .getByRole("textbox", { name: t.heading, exact: true })
          .fill(language === "en" ? "Learn with us" : "Ucz się z nami"),
      t.save,
    );
    await addBlock(
      page,
      t.text,
      (form) =>
        form
          .getByRole("textbox", { name: t.markdown })
          .fill(language === "en" ? "**Ten lessons** at your pace." : "**Dziesięć lekcji** we własnym tempie."),
      t.save,
    );
    await addBlock(
      page,
      t.faq,
      async (form) => {
        await form
          .getByLabel(t.question, { exact: true })
          .fill(language === "en" ? "Is it for beginners?" : "Czy to dla początkujących?");
        await form
          .getByLabel(t.answer, { exact: true })
          .fill(language === "en" ? "Yes, it starts from zero." : "Tak, od zera.");
      },
      t.save,
    );
    await addBlock(
      page,
      t.checkout,
      async (form) => {
        await form.getByLabel(t.course).selectOption({ label: courseTitle });
      },
      t.save,
    );
    await addBlock(
      page,
      t.countdown,
      async (form) => {
        await form.getByLabel(t.ends).selectOption("evergreen");
        await form.getByLabel(t.minutes).fill("90");
        await form.getByLabel(t.expired).fill(language === "en" ? "The offer has ended." : "Oferta się skończyła.");
      },
      t.save,
    );
    const cards = page.locator("article[data-block-type]");
    await expect(cards).toHaveCount(6);
    await expectAccessible(page);
    await shot(page, `builder-${language}`);

    // The video (first) moves one place down with the keyboard, as the curriculum editor's items do.
    await cards
      .first()
      .getByRole("button", { name: /^(Move|Przesuń)/ })
      .first()
      .focus();
    await page.keyboard.press("Space");
    await expect(async () => {
      await page.keyboard.press("ArrowDown");
      await expect(
        page.locator('[id^="DndLiveRegion"]').filter({ hasText: /moved to position 2|przesunięto na pozycję 2/ }),
      ).toHaveCount(1, { timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
    const [order] = await Promise.all([
      page.waitForResponse((r) => /\/blocks\/order$/.test(new URL(r.url()).pathname)),
      page.keyboard.press("Space"),
    ]);
    expect(order.status()).toBe(200);
    await expect(cards.nth(1)).toHaveAttribute("data-block-type", "video");

    // The draft's preview, for the admin only.
    const visitor = await newPage({ viewport: { width, height: 900 } });
    expect((await visitor.goto(`/${slug}`))?.status()).toBe(404);
    await gotoHydrated(page, `/${slug}`);
    await expect(page.locator("[data-draft-banner]")).toContainText(t.draft);
    await page.goBack();
    await expect(page.locator("html[data-hydrated='true']")).toBeAttached();
    await page.getByRole("button", { name: t.publish, exact: true }).click();
    await expect(page.getByText(t.published).first()).toBeVisible();

    await gotoHydrated(visitor, `/${slug}`);
    await expect(
      visitor.getByRole("heading", { level: 2, name: language === "en" ? "Learn with us" : "Ucz się z nami" }),
    ).toBeVisible();
    await expect(visitor.locator("iframe")).toHaveCount(0);
    await expect(visitor.getByRole("button", { name: new RegExp(t.play) })).toBeVisible();
    const countdown = visitor.locator("[data-block-countdown]");
    await expect(countdown).toHaveAttribute("data-countdown-state", "running");
    await expect(countdown.locator("[data-unit]")).toHaveCount(3);
    await expect(countdown.locator('[data-unit="hours"]')).toContainText("01");
    const summary = visitor.getByText(language === "en" ? "Is it for beginners?" : "Czy to dla początkujących?");
    await summary.click();
    await expect(visitor.getByText(language === "en" ? "Yes, it starts from zero." : "Tak, od zera.")).toBeVisible();
    await expect(visitor.locator('[data-block-type="checkout"] a[data-checkout="buy"]')).toBeVisible();
    await expectAccessible(visitor);
    await shot(visitor, `page-${language}`);

    // The deadline is the server's: a reload (or a second tab) counts to the same end.
    const rows = await server.handle.db.selectFrom("countdown_deadlines").select("ends_at").execute();
    await visitor.reload();
    await expect(visitor.locator("[data-block-countdown]")).toHaveAttribute("data-countdown-state", "running");
    expect(await server.handle.db.selectFrom("countdown_deadlines").select("ends_at").execute()).toEqual(rows);
  });
}

test("the picture blocks at 1280 px in English and 390 px in Polish: slides, slider keys, gallery lightbox, axe", async ({
  page,
  server,
  schoolEn,
}) => {
  test.slow();
  expect(schoolEn.owner.email).toBe(owner.email);
  const admin = await ownerClient(server);
  const keys: string[] = [];
  for (let i = 0; i < 4; i++) {
    const key = await storePostImage(server.database.dataDir, { width: 16, height: 12 });
    await recordStoredUpload(server.handle.db, key);
    keys.push(key);
  }
  const created = await admin.post("/home/pages", { title: "Studio", slug: "studio-pictures" });
  const pageId = created.body.page.id as number;
  const slides = keys.map((image, i) => ({ image, alt: `Room ${i + 1}` }));
  for (const body of [
    { type: "carousel", settings: { slides } },
    {
      type: "before_after",
      settings: { before: keys[0], after: keys[1], before_alt: "Sketch", after_alt: "Painting" },
    },
    { type: "gallery", settings: { images: slides.slice(0, 3) } },
    {
      type: "testimonials",
      settings: { items: [{ quote: "Wonderful teacher.", name: "Ala Nowak", role: "Painter" }] },
    },
  ])
    expect((await admin.post(`/home/subpages/${pageId}/blocks`, body)).status).toBe(200);
  await admin.json("PUT", `/home/pages/${pageId}`, { title: "Studio", slug: "studio-pictures", status: "published" });

  for (const { language, width } of walks) {
    await setLanguage(admin, language);
    await page.setViewportSize({ width, height: 900 });
    await gotoHydrated(page, "/studio-pictures");

    // The carousel: 3 slides side by side with arrows at 1280 px, 1 with dots at 390 px (spec §9).
    const carousel = page.locator("[data-carousel]");
    const inView = async () => {
      const box = (await carousel.boundingBox())!;
      let count = 0;
      for (const slide of await carousel.locator("[data-slide]").all()) {
        const s = await slide.boundingBox();
        if (s && s.x >= box.x - 20 && s.x + s.width <= box.x + box.width + 1) count++;
      }
      return count;
    };
    await expect.poll(inView).toBe(width >= 992 ? 3 : 1);
    const next = carousel.getByRole("button", { name: language === "en" ? "Next image" : "Następny obraz" });
    const dots = carousel.getByRole("button", { name: language === "en" ? "Show image 2" : "Pokaż obraz 2" });
    if (width >= 768) {
      await expect(dots).toBeHidden();
      await next.click();
    } else {
      await expect(next).toBeHidden();
      await dots.click();
    }
    // The second slide comes first.
    const left = (await carousel.boundingBox())!.x;
    await expect
      .poll(async () => Math.abs((await carousel.locator('[data-slide="1"]').boundingBox())!.x - left))
      .toBeLessThan(20);

    // Before/after: the handle starts at 50 and moves with the keyboard (End: the far end).
    const handle = page.getByRole("slider");
    await expect(handle).toHaveAttribute("aria-valuenow", "50");
    await handle.focus();
    await page.keyboard.press("End");
    await expect(handle).toHaveAttribute("aria-valuenow", "100");

    // The gallery opens the community's lightbox; Escape closes it.
    await page.getByRole("button", { name: language === "en" ? "Open image 2 of 3" : "Otwórz obraz 2 z 3" }).click();
    const status = page.getByTestId("lightbox-status");
    await expect(status).toHaveAttribute("data-index", "1");
    await page.keyboard.press("Escape");
    await expect(status).toHaveCount(0);

    await expect(page.getByText("Wonderful teacher.")).toBeVisible();
    await expectAccessible(page);
    await shot(page, `pictures-${language}`);
  }
});
