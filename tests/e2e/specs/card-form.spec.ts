// The payment information block in Chromium, in English and Polish, with axe: brand masks and logos, the 12
// month and year options, valid/invalid styling, errors below the fields, and the cypher JSEncrypt makes in the
// browser once number, expiry and code are all valid, read back here with the private key (openssl PKCS#1 v1.5).
// No route of the app hosts the form yet (the memberships pages come with the core branch), so this spec bundles
// it alone (tests/e2e/card-form-harness.tsx, with Vite) and serves it with the app's built stylesheet at
// https://school.test through Playwright's routing: no server is started.
import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { build } from "vite";
import { cardKeyPairFromPem, generateCardKeyPem } from "#core/memberships/card/card-key-pair.ts";
import { decryptCypher } from "#core/memberships/card/decrypt-cypher.ts";
import { expect, expectAccessible, test } from "../fixtures.ts";

const root = path.resolve(import.meta.dirname, "../../..");
const origin = "https://school.test";
const keys = cardKeyPairFromPem(generateCardKeyPem());
const nextYear = new Date().getFullYear() + 1;

let script = "";
let stylesheet = "";

test.beforeAll(async () => {
  const output = await build({
    configFile: false,
    root,
    logLevel: "error",
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    build: {
      write: false,
      modulePreload: false,
      rolldownOptions: {
        input: path.join(root, "tests/e2e/card-form-harness.tsx"),
        output: { format: "es", codeSplitting: false },
      },
    },
  });
  const chunks = (Array.isArray(output) ? output[0]! : output) as { output: { type: string; code?: string }[] };
  script = chunks.output.find((chunk) => chunk.type === "chunk")!.code!.replaceAll("</script", "<\\/script");
  // The app's stylesheet (the page build every e2e run makes first), so that the styling is the real one.
  const assets = path.join(root, "build/client/assets");
  const css = fs.readdirSync(assets).find((name) => /^root-.*\.css$/.test(name));
  stylesheet = css ? fs.readFileSync(path.join(assets, css), "utf8") : "";
});

async function open(browser: Browser, lang: "en" | "pl") {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const problems: string[] = [];
  context.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  context.on("weberror", (error) => problems.push(error.error().message));
  const harness = { lang, publicKeyBase64: keys.publicKeyBase64, changes: [] };
  const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>Studium</title>
<style>${stylesheet}</style><script>window.cardHarness = ${JSON.stringify(harness)};</script></head>
<body><div id="root"></div><script type="module">${script}</script></body></html>`;
  await context.route(`${origin}/**`, (route) => route.fulfill({ status: 200, contentType: "text/html", body: html }));
  const page = await context.newPage();
  await page.goto(`${origin}/my/membership/card`);
  await page.locator("[data-card-form]").waitFor();
  return { page, problems, close: () => context.close() };
}

const cypherOf = (page: Page) => page.locator('input[name="cypher"]');

async function fillCard(page: Page, labels: { number: string; month: string; year: string; cvv: RegExp }) {
  await page.getByLabel(labels.number).fill("4111111111111111");
  await page.getByLabel(labels.month, { exact: true }).selectOption("12");
  await page.getByLabel(labels.year, { exact: true }).selectOption(String(nextYear));
  await page.getByLabel(labels.cvv).fill("123");
}

test("English: masks by brand, styles valid and invalid parts, and posts only the cypher", async ({ browser }) => {
  const { page, problems, close } = await open(browser, "en");
  const number = page.getByLabel("Card number");

  // Visa: 4-4-4-4, its logo, a 3-digit code.
  await number.fill("4111111111111111");
  await expect(number).toHaveValue("4111 1111 1111 1111");
  await expect(page.locator('[data-card-brand="visa"]')).toBeVisible();
  await expect(number).toHaveAttribute("data-state", "valid");
  await expect(number).toHaveCSS("border-top-color", "oklch(0.596 0.145 163.225)");
  await expect(page.getByText("Card brand: Visa")).toBeAttached();

  // American Express: 4-6-5 and a 4-digit CID.
  await number.fill("378282246310005");
  await expect(number).toHaveValue("3782 822463 10005");
  await expect(page.locator('[data-card-brand="american-express"]')).toBeVisible();
  await expect(page.getByLabel("Security code (CID)")).toHaveAttribute("maxlength", "4");

  // A wrong checksum is shown at once, red, described by its message.
  await number.fill("5555555555554445");
  await expect(number).toHaveAttribute("aria-invalid", "true");
  await expect(number).toHaveAccessibleDescription("Enter a valid card number.");
  await expect(number).toHaveCSS("border-top-color", "oklch(0.577 0.245 27.325)");

  // §9: 12 months, 12 years from this year.
  const month = page.getByLabel("Month", { exact: true });
  const year = page.getByLabel("Year", { exact: true });
  await expect(month.locator("option:not([value=''])")).toHaveCount(12);
  await expect(year.locator("option:not([value=''])")).toHaveCount(12);
  await expect(year.locator("option").nth(1)).toHaveAttribute("value", String(new Date().getFullYear()));

  await expectAccessible(page);

  // All valid: the cypher appears; it decrypts to number|MM/YY|cvv|origin.
  await fillCard(page, { number: "Card number", month: "Month", year: "Year", cvv: /^Security code/ });
  await expect(cypherOf(page)).not.toHaveValue("");
  const cypher = await cypherOf(page).inputValue();
  expect(Buffer.from(cypher, "base64")).toHaveLength(128);
  expect(await decryptCypher(cypher, keys.privateKeyPem)).toEqual({
    number: "4111111111111111",
    month: "12",
    year: String(nextYear).slice(-2),
    cvv: "123",
    origin,
  });
  await expect(page.getByText("Card details are complete.")).toBeAttached();

  // The page's shared state got the card data under §3's names, and the cypher once made.
  const last = await page.evaluate(() => window.cardHarness.changes.at(-1));
  expect(last?.fields).toEqual({
    cardNumber: "4111 1111 1111 1111",
    cardMonth: "12",
    cardYear: String(nextYear),
    cardCvv: "123",
  });
  expect(last?.cypher).toBe(cypher);

  // Only the cypher would be posted: the card's own inputs have no name.
  const posted = await page.evaluate(() => [...new FormData(document.querySelector("form")!).keys()]);
  expect(posted).toEqual(["cypher"]);

  // A field that stops being valid drops the cypher at once.
  await page.getByLabel(/^Security code/).fill("12");
  await expect(cypherOf(page)).toHaveValue("");

  await close();
  expect(problems).toEqual([]);
});

test("Polish: labels, errors once a field is left, the cypher, and axe", async ({ browser }) => {
  const { page, problems, close } = await open(browser, "pl");
  await expect(page.getByText("Dane płatności")).toBeVisible();

  const number = page.getByLabel("Numer karty");
  await number.fill("4111 11");
  await expect(number).not.toHaveAttribute("aria-invalid", "true");
  await number.blur();
  await expect(number).toHaveAccessibleDescription("Wpisz prawidłowy numer karty.");
  const cvv = page.getByLabel(/^Kod zabezpieczający/);
  await cvv.fill("1");
  await cvv.blur();
  await expect(page.getByText("Wpisz 3-cyfrowy kod zabezpieczający.")).toBeVisible();
  await expectAccessible(page);

  await fillCard(page, { number: "Numer karty", month: "Miesiąc", year: "Rok", cvv: /^Kod zabezpieczający/ });
  await expect(cypherOf(page)).not.toHaveValue("");
  expect(await decryptCypher(await cypherOf(page).inputValue(), keys.privateKeyPem)).toMatchObject({
    number: "4111111111111111",
    origin,
  });
  await expect(page.locator("[data-field-error]")).toHaveCount(0);
  await expectAccessible(page);

  await close();
  expect(problems).toEqual([]);
});
