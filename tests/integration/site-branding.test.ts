// The school's brand and footer (issue 16 item 1): the owner sets colours (a low contrast is saved with a
// warning, never refused), description, contact, social links, footer text and company details, and a logo and
// favicon through the image upload; a visitor sees them on every public page, cached pages included, renewed at
// once after a change. Bad input is refused field by field in the school's language.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { englishSchool, visitor } from "../helpers/accounts.ts";
import type { BrowserClient } from "../helpers/browser-client.ts";
import { png } from "../helpers/media-fixtures.ts";
import { setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer, waitFor } from "../helpers/test-server.ts";
import { putSigned } from "./media-helpers.ts";

let server: TestServer;
let admin: BrowserClient;

beforeAll(async () => {
  server = await startTestServer();
  admin = await setUpSchool(server);
});
afterAll(() => server?.stop());

const branding = {
  brand_color: "#0F766E",
  brand_text_color: "#ffffff",
  description: "Pottery classes for beginners.",
  contact_email: "Hello@Clay.example",
  social_links: "https://www.instagram.com/clay\n\n  https://youtube.com/@clay  ",
  footer_text: "Made with clay & <love>",
  company_name: "Clay Ltd",
  company_address: "1 Kiln Street\nLeeds",
  company_tax_id: "GB123456789",
};

async function anonymousHome() {
  const response = await fetch(new URL("/", server.url), { headers: { accept: "text/html" } });
  return { html: await response.text(), cache: response.headers.get("x-page-cache") };
}

async function uploadImage(context: string): Promise<string> {
  const ticket = await admin.post("/home/images/create", { extension: "png", filename: "logo.png", context });
  expect(ticket.status, JSON.stringify(ticket.body)).toBe(200);
  const put = await putSigned(server, ticket.body.upload, png(40, 30), "image/png");
  expect(put.status).toBe(200);
  return ticket.body.download as string;
}

describe("brand and footer", () => {
  it("saves the brand and footer, and every public page shows them", async () => {
    const saved = await admin.json("PUT", "/home/settings", { ...englishSchool, ...branding });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.contrast_warnings).toEqual([]);
    const school = await server.handle.db.selectFrom("school").selectAll().executeTakeFirstOrThrow();
    expect(school).toMatchObject({
      brand_color: "#0f766e",
      contact_email: "hello@clay.example",
      social_links: "https://www.instagram.com/clay\nhttps://youtube.com/@clay",
    });

    const guest = await visitor(server, "/");
    for (const path of ["/", "/courses", "/login"]) {
      const { html } = await guest.page(path);
      expect(html, path).toContain("--color-brand-600:#0f766e");
      expect(html, path).toContain('<meta name="theme-color" content="#0f766e"/>');
      expect(html, path).toContain("Pottery classes for beginners.");
      expect(html, path).toContain('href="mailto:hello@clay.example"');
      expect(html, path).toContain('href="https://www.instagram.com/clay"');
      expect(html, path).toContain(">instagram.com/clay<");
      // Text, not markup.
      expect(html, path).toContain("Made with clay &amp; &lt;love&gt;");
      expect(html, path).toContain("Clay Ltd\n1 Kiln Street\nLeeds\nTax ID: GB123456789");
    }
  });

  it("leaves a field it was not sent as it is, and clears one sent empty", async () => {
    const response = await admin.json("PUT", "/home/settings", { ...englishSchool, footer_text: "" });
    expect(response.status).toBe(200);
    const school = await server.handle.db
      .selectFrom("school")
      .select(["footer_text", "description"])
      .executeTakeFirstOrThrow();
    expect(school).toEqual({ footer_text: "", description: "Pottery classes for beginners." });
  });

  it("saves a low contrast with a warning for the buttons and for the links", async () => {
    const yellow = await admin.json("PUT", "/home/settings", {
      ...englishSchool,
      brand_color: "#ffd400",
      brand_text_color: "#ffffff",
    });
    expect(yellow.status).toBe(200);
    expect(yellow.body.contrast_warnings).toEqual([
      { pair: "text_on_brand", ratio: 1.4 },
      { pair: "brand_on_white", ratio: 1.4 },
    ]);
    const school = await server.handle.db.selectFrom("school").select("brand_color").executeTakeFirstOrThrow();
    expect(school.brand_color).toBe("#ffd400");
    // Back to a readable pair: no warning.
    const teal = await admin.json("PUT", "/home/settings", { ...englishSchool, brand_color: "#0f766e" });
    expect(teal.body.contrast_warnings).toEqual([]);
  });

  it("refuses a colour that is not #rrggbb, a bad e-mail and a social link that is not a web address, in English", async () => {
    const response = await admin.json("PUT", "/home/settings", {
      ...englishSchool,
      brand_color: "teal",
      contact_email: "not-an-address",
      social_links: "https://ok.example\njavascript:alert(1)",
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      brand_color: ["Enter a colour as #rrggbb, for example #2550e0."],
      contact_email: ["Enter a valid e-mail address."],
      social_links: ["Each line must be a web address starting with https:// or http://."],
    });
    const tooMany = await admin.json("PUT", "/home/settings", {
      ...englishSchool,
      social_links: Array.from({ length: 9 }, (_, i) => `https://s${i}.example`).join("\n"),
    });
    expect(tooMany.body.errors).toEqual({ social_links: ["At most 8 addresses."] });
  });

  it("renews the cached home page as soon as the footer changes", async () => {
    await admin.json("PUT", "/home/settings", { ...englishSchool, footer_text: "First footer" });
    await waitFor(async () => (await anonymousHome()).cache === "hit");
    expect((await anonymousHome()).html).toContain("First footer");
    await admin.json("PUT", "/home/settings", { ...englishSchool, footer_text: "Second footer" });
    const renewed = await anonymousHome();
    expect(renewed.html).toContain("Second footer");
    expect(renewed.html).not.toContain("First footer");
  });

  it("sets a logo and a favicon uploaded through the image upload, and refuses a key that was not uploaded", async () => {
    const logo = await uploadImage("school-logo");
    const favicon = await uploadImage("school-favicon");
    const saved = await admin.json("PUT", "/home/settings/images", { logo, favicon });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const { html } = await (await visitor(server, "/")).page("/");
    expect(html).toContain(`src="/files/${logo}"`);
    expect(html).toContain(`<link rel="icon" href="/files/${favicon}"/>`);
    expect(html).not.toContain('href="/favicon.svg"');

    const forged = await admin.json("PUT", "/home/settings/images", { logo: "images/2026/01/not-uploaded.png" });
    expect(forged.status).toBe(422);
    expect(forged.body.errors).toEqual({ logo: ["Upload the image again: this one did not arrive."] });

    const removed = await admin.json("PUT", "/home/settings/images", { favicon: null });
    expect(removed.status).toBe(200);
    const after = await (await visitor(server, "/")).page("/");
    expect(after.html).toContain('href="/favicon.svg"');
    expect(after.html).toContain(`src="/files/${logo}"`);
  });

  it("lets only an admin change the brand", async () => {
    const guest = await visitor(server, "/");
    const response = await guest.json("PUT", "/home/settings/images", { logo: null });
    expect([401, 403]).toContain(response.status);
    const school = await server.handle.db.selectFrom("school").select("logo").executeTakeFirstOrThrow();
    expect(school.logo).not.toBeNull();
  });
});

describe("in Polish", () => {
  it("says what is wrong in Polish", async () => {
    const polish = { ...englishSchool, language: "pl" as const };
    await admin.json("PUT", "/home/settings", polish);
    const response = await admin.json("PUT", "/home/settings", {
      ...polish,
      brand_color: "#12",
      social_links: "instagram",
    });
    expect(response.body.errors).toEqual({
      brand_color: ["Podaj kolor w postaci #rrggbb, na przykład #2550e0."],
      social_links: ["Każdy wiersz musi być adresem strony zaczynającym się od https:// lub http://."],
    });
    await admin.json("PUT", "/home/settings", {
      ...polish,
      company_tax_id: "PL5260001246",
      company_name: "Glina sp. z o.o.",
    });
    const { html } = await (await visitor(server, "/")).page("/");
    expect(html).toContain("NIP: PL5260001246");
    await admin.json("PUT", "/home/settings", englishSchool);
  });
});
