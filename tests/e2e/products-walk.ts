// Shared by products.spec.ts (English, then Polish): the owner creates a bundle and a file product with price
// variants through /home/products, the product page shows them, and a student who has the file product (access
// inserted directly, as a purchase would) finds it in their purchases and downloads it. Axe on every page.
import type { Page } from "@playwright/test";
import { createUser } from "#core/accounts/create-user.ts";
import type { TestServer } from "#tests/helpers/test-server.ts";
import { expect, expectAccessible, gotoHydrated, login, newStudent } from "./fixtures.ts";

export const productTexts = {
  en: {
    listTitle: "Products",
    newProduct: "New product",
    bundle: /^Bundle/,
    file: /^File/,
    title: "Title",
    courseToAdd: "Course to add",
    addCourse: "Add course",
    variant: (n: number) => `Price variant ${n}`,
    name: "Name",
    price: "Price",
    promoPrice: "Promo price",
    addVariant: "Add a price variant",
    status: "Status",
    published: "Published",
    create: "Create product",
    created: "Product created",
    chooseFile: "Choose a file",
    myProducts: "My products",
    files: "Files",
    download: /^Download/,
    amount: (units: number) => units.toFixed(2),
    lowest: "Lowest price in the last 30 days",
    buy: "Buy now",
  },
  pl: {
    listTitle: "Produkty",
    newProduct: "Nowy produkt",
    bundle: /^Pakiet/,
    file: /^Plik/,
    title: "Tytuł",
    courseToAdd: "Kurs do dodania",
    addCourse: "Dodaj kurs",
    variant: (n: number) => `Wariant cenowy ${n}`,
    name: "Nazwa",
    price: "Cena",
    promoPrice: "Cena promocyjna",
    addVariant: "Dodaj wariant cenowy",
    status: "Status",
    published: "Opublikowany",
    create: "Utwórz produkt",
    created: "Utworzono produkt",
    chooseFile: "Wybierz plik",
    myProducts: "Moje produkty",
    files: "Pliki",
    download: /^Pobierz/,
    amount: (units: number) => units.toFixed(2).replace(".", ","),
    lowest: "Najniższa cena z ostatnich 30 dni",
    buy: "Kup teraz",
  },
} as const;

type Lang = keyof typeof productTexts;

async function fillVariant(
  page: Page,
  lang: Lang,
  number: number,
  variant: { name: string; price: number; promo?: number },
) {
  const texts = productTexts[lang];
  const group = page.getByRole("group", { name: texts.variant(number), exact: true });
  await group.getByLabel(texts.name, { exact: true }).fill(variant.name);
  await group.getByLabel(texts.price, { exact: true }).fill(texts.amount(variant.price));
  if (variant.promo !== undefined)
    await group.getByLabel(texts.promoPrice, { exact: true }).fill(texts.amount(variant.promo));
}

async function openNewProduct(page: Page, lang: Lang) {
  const texts = productTexts[lang];
  await gotoHydrated(page, "/home/products");
  await expect(page.getByRole("heading", { level: 1, name: texts.listTitle })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: texts.newProduct }).click();
  await expect(page).toHaveURL(/\/home\/products\/new$/);
  await expect(page.getByRole("heading", { level: 1, name: texts.newProduct })).toBeVisible();
}

async function publishAndCreate(page: Page, lang: Lang, title: string): Promise<number> {
  const texts = productTexts[lang];
  await page.getByLabel(texts.status, { exact: true }).selectOption({ label: texts.published });
  await expectAccessible(page);
  await page.getByRole("button", { name: texts.create }).click();
  await expect(page).toHaveURL(/\/home\/products\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expectAccessible(page);
  return Number(new URL(page.url()).pathname.split("/").pop());
}

/** The owner makes a published bundle of two courses with two price variants (the first on promotion). */
export async function createBundle(
  page: Page,
  server: TestServer,
  lang: Lang,
  options: { title: string; slug: string; courses: [string, string] },
) {
  const texts = productTexts[lang];
  await openNewProduct(page, lang);
  await expect(page.getByRole("radio", { name: texts.bundle })).toBeChecked();
  await page.getByLabel(texts.title, { exact: true }).fill(options.title);
  for (const course of options.courses) {
    await page.getByLabel(texts.courseToAdd).selectOption({ label: course });
    await page.getByRole("button", { name: texts.addCourse }).click();
  }
  await expect(page.locator("[data-bundle-course]")).toHaveCount(2);
  await fillVariant(page, lang, 1, { name: "Solo", price: 150, promo: 120 });
  await page.getByRole("button", { name: texts.addVariant }).click();
  await fillVariant(page, lang, 2, { name: "Team", price: 400 });
  const id = await publishAndCreate(page, lang, options.title);

  const product = await server.handle.db
    .selectFrom("products")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  expect(product).toMatchObject({ kind: "bundle", slug: options.slug, status: "published" });
  const variants = await server.handle.db
    .selectFrom("product_variants")
    .selectAll()
    .where("product_id", "=", id)
    .orderBy("position")
    .execute();
  expect(variants.map((v) => [v.name, v.price_cents, v.promo_price_cents])).toEqual([
    ["Solo", 15_000, 12_000],
    ["Team", 40_000, null],
  ]);
  const history = await server.handle.db
    .selectFrom("variant_price_changes")
    .select("variant_id")
    .where(
      "variant_id",
      "in",
      variants.map((v) => v.id),
    )
    .execute();
  expect(history).toHaveLength(2);

  await gotoHydrated(page, `/products/${options.slug}`);
  await expect(page.getByRole("heading", { level: 1, name: options.title })).toBeVisible();
  await expect(page.getByTestId("promo-price")).toBeVisible();
  await expect(page.getByTestId("lowest-30-days")).toContainText(texts.lowest);
  await expect(page.getByTestId("variant-name")).toHaveText(["Solo", "Team"]);
  await expect(page.getByTestId("bundle-courses").getByRole("link")).toHaveText(options.courses);
  await expect(page.getByRole("link", { name: texts.buy })).toHaveAttribute(
    "href",
    `/products/${options.slug}/checkout`,
  );
  await expectAccessible(page);
}

export const workbook = Buffer.from("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n");

/** The owner makes a published file product: its file uploaded privately, two price variants. */
export async function createFileProduct(
  page: Page,
  server: TestServer,
  lang: Lang,
  options: { title: string; filename: string },
): Promise<number> {
  const texts = productTexts[lang];
  await openNewProduct(page, lang);
  await page.getByRole("radio", { name: texts.file }).check();
  await page.getByLabel(texts.title, { exact: true }).fill(options.title);
  await page
    .getByLabel(texts.chooseFile)
    .setInputFiles({ name: options.filename, mimeType: "application/pdf", buffer: workbook });
  await expect(page.getByTestId("product-file")).toContainText(options.filename);
  await fillVariant(page, lang, 1, { name: "PDF", price: 19 });
  await page.getByRole("button", { name: texts.addVariant }).click();
  await fillVariant(page, lang, 2, { name: "PDF + audio", price: 29.5 });
  const id = await publishAndCreate(page, lang, options.title);
  const product = await server.handle.db
    .selectFrom("products")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  expect(product).toMatchObject({ kind: "file", file_name: options.filename, status: "published" });
  expect(product.file_key).toMatch(/^products\//);
  await expect(page.getByTestId("product-file")).toContainText(options.filename);
  return id;
}

/** A student who has the product (as a purchase would give it) finds it in their purchases and downloads it. */
export async function studentDownloads(
  page: Page,
  server: TestServer,
  lang: Lang,
  options: { productId: number; title: string; filename: string },
) {
  const texts = productTexts[lang];
  const student = newStudent();
  const user = await createUser(server.handle.db, { ...student, role: "student" });
  const now = new Date().toISOString();
  await server.handle.db
    .insertInto("product_access")
    .values({
      user_id: user.id,
      product_id: options.productId,
      transaction_id: null,
      starts_at: now,
      ends_at: null,
      revoked_at: null,
      created_at: now,
    })
    .execute();
  await login(page, student.email, student.password);
  await gotoHydrated(page, "/my");
  await expect(page.getByRole("heading", { level: 1, name: texts.myProducts })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: texts.files })).toBeVisible();
  const item = page.locator("li[data-my-product]").filter({ hasText: options.title });
  await expect(item).toContainText(options.filename);
  await expectAccessible(page);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    item.getByRole("link", { name: texts.download }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(options.filename);
  const path = await download.path();
  const { readFile } = await import("node:fs/promises");
  expect((await readFile(path)).equals(workbook)).toBe(true);
}
