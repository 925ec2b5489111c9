// Products in the browser (the selling issue, item 1): the owner creates a bundle and a file product with price
// variants on /home/products; the product page shows their prices; a student who has the file product finds it in
// their purchases and downloads it. At 1280 and 390 px, with axe on every page, in English and (last: the school
// switches language) in Polish.
import { addCourse } from "#tests/integration/catalog-helpers.ts";
import { BrowserClient } from "#tests/helpers/browser-client.ts";
import { expect, gotoHydrated, login, owner, test } from "../fixtures.ts";
import { createBundle, createFileProduct, studentDownloads } from "../products-walk.ts";

const narrow = { width: 390, height: 844 };

test.describe("products", () => {
  // Several pages, uploads and downloads per test, each checked with axe, on a machine shared with other runs.
  test.describe.configure({ timeout: 180_000 });

  test("the owner creates a bundle with two price variants at 1280 px", async ({ page, server, schoolEn: _ }) => {
    await addCourse(server, { slug: "light-basics", title: "Light basics" });
    await addCourse(server, { slug: "colour-basics", title: "Colour basics" });
    await login(page, owner.email, owner.password);
    await createBundle(page, server, "en", {
      title: "Light and colour",
      slug: "light-and-colour",
      courses: ["Light basics", "Colour basics"],
    });
  });

  test("the owner creates a file product at 390 px, and a student downloads it at both widths", async ({
    page,
    newPage,
    server,
    schoolEn: _,
  }) => {
    const admin = await newPage({ viewport: narrow });
    await login(admin, owner.email, owner.password);
    const productId = await createFileProduct(admin, server, "en", { title: "Workbook", filename: "workbook.pdf" });
    await studentDownloads(page, server, "en", { productId, title: "Workbook", filename: "workbook.pdf" });
    const phone = await newPage({ viewport: narrow });
    await studentDownloads(phone, server, "en", { productId, title: "Workbook", filename: "workbook.pdf" });
  });

  // Last in this file: the school switches to Polish (the next file starts a new server).
  test("in Polish: a bundle at 390 px, a file product at 1280 px, and a student's download", async ({
    page,
    newPage,
    server,
    schoolEn: _,
  }) => {
    const admin = new BrowserClient(server.url);
    await admin.page("/login");
    expect((await admin.post("/login", { email: owner.email, password: owner.password })).status).toBe(200);
    const settings = await admin.json("PUT", "/home/settings", {
      name: "Test Academy",
      language: "pl",
      currency: "PLN",
      login_enabled: true,
      registration_enabled: true,
    });
    expect(settings.status).toBe(200);
    await addCourse(server, { slug: "swiatlo", title: "Światło", currency: "PLN" });
    await addCourse(server, { slug: "kolor", title: "Kolor", currency: "PLN" });

    await login(page, owner.email, owner.password);
    // The school is cached for two seconds: wait until the pages speak Polish.
    await expect(async () => {
      await gotoHydrated(page, "/home/products");
      await expect(page.locator("html")).toHaveAttribute("lang", "pl", { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });

    const phone = await newPage({ viewport: narrow });
    await login(phone, owner.email, owner.password);
    await createBundle(phone, server, "pl", {
      title: "Światło i kolor",
      slug: "swiatlo-i-kolor",
      courses: ["Światło", "Kolor"],
    });
    const productId = await createFileProduct(page, server, "pl", {
      title: "Zeszyt ćwiczeń",
      filename: "zeszyt-ćwiczeń.pdf",
    });

    const student = await newPage({ viewport: narrow });
    await studentDownloads(student, server, "pl", {
      productId,
      title: "Zeszyt ćwiczeń",
      filename: "zeszyt-ćwiczeń.pdf",
    });
  });
});
