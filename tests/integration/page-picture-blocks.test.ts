// The page blocks made of pictures (issue 16): carousel, before/after, image gallery and testimonials over HTTP.
// The §7 block calls store and update them with their settings checked (every image an upload that arrived, the
// before/after start within 0-100 in 0.1 steps), 422 per field in the school's language; the published page renders
// them on the server (the lazily loaded carousel and slider included), with testimonials as plain text.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserClient } from "../helpers/browser-client.ts";
import { changeSettings, englishSchool } from "../helpers/accounts.ts";
import { recordStoredUpload } from "../helpers/gallery-fixtures.ts";
import { setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { blocksOf, createPage } from "./pages-helpers.ts";

let server: TestServer;
let admin: BrowserClient;

beforeAll(async () => {
  server = await startTestServer();
  admin = await setUpSchool(server, { language: "en" });
});
afterAll(() => server?.stop());

const newPage = (title: string, slug?: string) => createPage(admin, title, slug);

const storedImage = (key: string) => recordStoredUpload(server.handle.db, key);

describe("storing and updating", () => {
  it("stores each type with uploaded images and refuses an image that never arrived, naming its field", async () => {
    const page = await newPage("Pictures", "pictures-store");
    const [a, b] = [await storedImage("images/store-a.png"), await storedImage("images/store-b.png")];
    const post = (body: unknown) => admin.post(blocksOf(page.id), body);

    const carousel = await post({ type: "carousel", settings: { slides: [{ image: a }, { image: b, alt: "B" }] } });
    expect(carousel.status, JSON.stringify(carousel.body)).toBe(200);
    expect(carousel.body.block.settings).toEqual({
      slides: [
        { image: a, alt: "", caption: "" },
        { image: b, alt: "B", caption: "" },
      ],
      autoplay: false,
    });
    const missing = await post({
      type: "carousel",
      settings: { slides: [{ image: a }, { image: "images/nope.png" }] },
    });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ "settings.slides.1.image": ["Upload the image again."] });

    const pair = await post({ type: "before_after", settings: { before: a, after: b } });
    expect(pair.status, JSON.stringify(pair.body)).toBe(200);
    expect(pair.body.block.settings.start).toBe(50);
    const lostAfter = await post({ type: "before_after", settings: { before: a, after: "images/nope.png" } });
    expect(lostAfter.body.errors).toEqual({ "settings.after": ["Upload the image again."] });

    const gallery = await post({ type: "gallery", settings: { images: [{ image: a, caption: "Studio" }] } });
    expect(gallery.status, JSON.stringify(gallery.body)).toBe(200);
    const emptyGallery = await post({ type: "gallery", settings: { images: [] } });
    expect(emptyGallery.status).toBe(422);
    expect(Object.keys(emptyGallery.body.errors)).toEqual(["settings.images"]);

    const quotes = await post({ type: "testimonials", settings: { items: [{ quote: "Great.", name: "Ala" }] } });
    expect(quotes.status, JSON.stringify(quotes.body)).toBe(200);
    const lostPhoto = await post({
      type: "testimonials",
      settings: { items: [{ quote: "Great.", name: "Ala", photo: "images/nope.png" }] },
    });
    expect(lostPhoto.body.errors).toEqual({ "settings.items.0.photo": ["Upload the image again."] });
    const noName = await post({ type: "testimonials", settings: { items: [{ quote: "Great.", name: " " }] } });
    expect(Object.keys(noName.body.errors)).toEqual(["settings.items.0.name"]);

    const blocks = await server.handle.db
      .selectFrom("subpage_blocks")
      .select("type")
      .where("subpage_id", "=", page.id)
      .orderBy("position")
      .execute();
    expect(blocks.map((row) => row.type)).toEqual(["carousel", "before_after", "gallery", "testimonials"]);
  });

  it("updates a before/after start on the 0.1 grid within 0-100 and refuses one off it", async () => {
    const page = await newPage("Slider", "pictures-slider");
    const [a, b] = [await storedImage("images/slider-a.png"), await storedImage("images/slider-b.png")];
    const block = (await admin.post(blocksOf(page.id), { type: "before_after", settings: { before: a, after: b } }))
      .body.block;
    const put = (start: number) =>
      admin.json("PUT", `${blocksOf(page.id)}/${block.id}`, { settings: { before: a, after: b, start } });
    expect((await put(33.3)).body.block.settings.start).toBe(33.3);
    for (const start of [100.1, -0.1, 50.05]) {
      const refused = await put(start);
      expect(refused.status, String(start)).toBe(422);
      expect(refused.body.errors["settings.start"]).toEqual([
        "Enter a number from 0 to 100, at most one decimal place.",
      ]);
    }
    const stored = await server.handle.db
      .selectFrom("subpage_blocks")
      .select("settings")
      .where("id", "=", block.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.settings).start).toBe(33.3);
  });
});

describe("the public page", () => {
  it("renders every picture block on the server, in English and in Polish", async () => {
    const page = await newPage("Studio", "pictures-public");
    const keys = await Promise.all(
      ["one", "two", "three", "before", "after"].map((n) => storedImage(`images/p-${n}.png`)),
    );
    const [one, two, three, before, after] = keys as [string, string, string, string, string];
    for (const body of [
      {
        type: "carousel",
        settings: {
          slides: [{ image: one, alt: "First room" }, { image: two, caption: "The easels" }, { image: three }],
          autoplay: true,
        },
      },
      { type: "before_after", settings: { before, after, before_alt: "Raw sketch", start: 33.3 } },
      { type: "gallery", settings: { images: [{ image: one, alt: "Gallery one" }, { image: two }] } },
      {
        type: "testimonials",
        settings: {
          items: [
            { quote: "I learnt <b>a lot</b>.", name: "Ala Nowak", role: "Painter", photo: three },
            { quote: "Worth it.", name: "Jan Kowalski" },
          ],
        },
      },
    ])
      expect((await admin.post(blocksOf(page.id), body)).status).toBe(200);
    await admin.json("PUT", `/home/pages/${page.id}`, { title: "Studio", slug: page.slug, status: "published" });

    const guest = new BrowserClient(server.url);
    const shown = await guest.page("/pictures-public");
    expect(shown.status).toBe(200);
    const html = shown.html;
    // The carousel: a labelled region of slides "n of 3", the images, the arrows' and dots' labels, autoplay on.
    expect(html).toContain('aria-roledescription="carousel"');
    expect(html).toContain('aria-label="1 of 3"');
    expect(html).toContain('aria-label="3 of 3"');
    expect(html).toContain('src="/files/images/p-one.png"');
    expect(html).toContain('alt="First room"');
    expect(html).toContain("The easels");
    expect(html).toContain('aria-label="Previous image"');
    expect(html).toContain('aria-label="Show image 3"');
    expect(html).toContain('data-autoplay="on"');
    expect(html).toContain('aria-label="Stop the slideshow"');
    // Before/after: both images, a slider handle starting at the admin's 33.3.
    expect(html).toContain('data-before-after="true"');
    expect(html).toContain('role="slider"');
    expect(html).toContain('aria-valuenow="33.3"');
    expect(html).toContain("--rcs-raw-position:33.3%");
    expect(html).toContain('alt="Raw sketch"');
    expect(html).toContain('src="/files/images/p-after.png"');
    expect(html).toContain('aria-label="Compare before and after: drag, or use the arrow keys"');
    // The gallery: a button per image opening the lightbox (its code is not in the page).
    expect(html).toContain('aria-label="Open image 2 of 2"');
    expect(html).toContain('alt="Gallery one"');
    expect(html).not.toContain("yarl__");
    // Testimonials: plain text (the markup in a quote is escaped), a photo or the initials.
    expect(html).toContain("I learnt &lt;b&gt;a lot&lt;/b&gt;.");
    expect(html).not.toContain("<b>a lot</b>");
    expect(html).toContain("Painter");
    expect(html).toContain('src="/files/images/p-three.png"');
    expect(html).toContain(">JK</span>");

    await changeSettings(admin, englishSchool, { language: "pl", currency: "PLN", name: "Akademia" });
    try {
      const polish = (await guest.page("/pictures-public")).html;
      expect(polish).toContain('aria-label="1 z 3"');
      expect(polish).toContain('aria-label="Poprzedni obraz"');
      expect(polish).toContain('aria-label="Zatrzymaj pokaz"');
      expect(polish).toContain('aria-label="Porównaj przed i po: przeciągnij lub użyj strzałek"');
      expect(polish).toContain('aria-label="Otwórz obraz 1 z 2"');
      expect(polish).toContain('aria-label="Opinie"');
    } finally {
      await changeSettings(admin, { ...englishSchool, language: "pl", currency: "PLN" }, englishSchool);
    }
  });

  it("answers the picture blocks' 422 in Polish", async () => {
    const page = await newPage("Polskie", "pictures-polish");
    await changeSettings(admin, englishSchool, { language: "pl", currency: "PLN", name: "Akademia" });
    try {
      const a = await storedImage("images/pl-a.png");
      const slider = await admin.post(blocksOf(page.id), {
        type: "before_after",
        settings: { before: a, after: a, start: 120 },
      });
      expect(slider.status).toBe(422);
      expect(slider.body.errors["settings.start"]).toEqual([
        "Podaj liczbę od 0 do 100, z najwyżej jednym miejscem po przecinku.",
      ]);
      const lost = await admin.post(blocksOf(page.id), {
        type: "gallery",
        settings: { images: [{ image: a }, { image: "images/nope.png" }] },
      });
      expect(lost.body.errors).toEqual({ "settings.images.1.image": ["Prześlij obraz ponownie."] });
    } finally {
      await changeSettings(admin, { ...englishSchool, language: "pl", currency: "PLN" }, englishSchool);
    }
  });
});
