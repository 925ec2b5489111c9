// Finding what the school sells from any page: the header links to the catalog, and to the other products once
// there are any (a link to an empty list would be a dead end); the home page lists published products besides
// the courses, so a consultation or a live event is found without knowing /products.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { visitor } from "../helpers/accounts.ts";
import { setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer, waitFor } from "../helpers/test-server.ts";
import { addProduct } from "./products-helpers.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  await setUpSchool(server, { language: "en" });
});
afterAll(() => server?.stop());

const page = async (path: string) => (await (await visitor(server)).page(path)).html;

describe("the site's navigation", () => {
  it("links to the catalog from every public page, and not to an empty products list", async () => {
    for (const path of ["/", "/login", "/courses"]) {
      const html = await page(path);
      expect(html, path).toContain('href="/courses"');
      expect(html, path).not.toContain('href="/products"');
    }
  });

  it("links to the products and lists them on the home page once one is published", async () => {
    await addProduct(server, { kind: "consultation", slug: "one-to-one", title: "One-to-one consultation" });
    await addProduct(server, { kind: "live_event", slug: "draft-event", title: "Draft live event", status: "draft" });
    // The home page comes from the anonymous page cache: a write by another process (this test's, straight into
    // the database) renews it within a second (server/plugins/page-cache.ts).
    const home = await waitFor(async () => {
      const html = await page("/");
      return html.includes('href="/products"') ? html : undefined;
    });
    expect(home).toContain('id="products-title"');
    expect(home).toContain('href="/products/one-to-one"');
    expect(home).toContain("One-to-one consultation");
    expect(home).not.toContain("Draft live event");
    expect(await page("/login")).toContain('href="/products"');
  });
});
