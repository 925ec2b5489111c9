// The school's legal pages and what search engines read (issue 16 items 6 and 7): the owner writes terms,
// privacy policy and withdrawal information at /home/legal; each written one is a public page linked from the
// footer, the checkout's consent names and links the terms only when there are some, and the dashboard warns a
// school whose checkout has none. sitemap.xml lists the published pages from the school's public address
// (never the Host header), robots.txt keeps the private areas out, and the sales pages carry Open Graph, Twitter
// cards and schema.org data (escaped: a course title holding </script> stays inside its script).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { englishSchool, visitor } from "../helpers/accounts.ts";
import type { BrowserClient } from "../helpers/browser-client.ts";
import { setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer, waitFor } from "../helpers/test-server.ts";
import { addCourse, addReview } from "./catalog-helpers.ts";
import { rawRequest } from "./media-helpers.ts";
import { addProduct } from "./products-helpers.ts";

let server: TestServer;
let admin: BrowserClient;

beforeAll(async () => {
  server = await startTestServer();
  admin = await setUpSchool(server);
  await addCourse(server, { slug: "wheel-throwing", title: "Wheel </script><script>alert(1)</script> & more" });
  await addCourse(server, { slug: "glazes", title: "Glazes", status: "draft" });
  await addProduct(server, { kind: "file", slug: "kiln-checklist", title: "Kiln checklist" });
});
afterAll(() => server?.stop());

const noTexts = { terms: "", privacy: "", withdrawal: "" };

/** The JSON-LD blocks of a page, parsed. */
function jsonLd(html: string): any[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
}

function metaContent(html: string, attribute: "name" | "property", key: string): string | undefined {
  const tag = new RegExp(`<meta ${attribute}="${key.replace(/[.:+]/g, "\\$&")}" content="([^"]*)"`).exec(html);
  return tag?.[1]?.replaceAll("&amp;", "&").replaceAll("&lt;", "<").replaceAll("&gt;", ">");
}

describe("legal pages", () => {
  it("has none at first: 404s, no footer links, a consent that promises no terms, a warning on the dashboard", async () => {
    const guest = await visitor(server, "/");
    for (const path of ["/terms", "/privacy", "/withdrawal"]) expect((await guest.page(path)).status, path).toBe(404);
    const checkout = await guest.page("/wheel-throwing/checkout");
    expect(checkout.status).toBe(200);
    expect(checkout.html).toContain("I confirm my order.");
    expect(checkout.html).not.toContain('href="/terms"');
    expect(checkout.html).not.toContain("terms of sale");
    const dashboard = await admin.page("/home");
    expect(dashboard.html).toContain('data-notice="terms"');
    expect(dashboard.html).toContain("Your checkout has no terms");
  });

  it("publishes what the owner writes, rendered safely, linked from the footer and the checkout's consent", async () => {
    const saved = await admin.json("PUT", "/home/legal", {
      terms: "## Refunds\n\nWithin 14 days. <script>alert(1)</script> [bad](javascript:alert(1))",
      privacy: "We keep your e-mail.",
      withdrawal: "",
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const guest = await visitor(server, "/");
    const terms = await guest.page("/terms");
    expect(terms.status).toBe(200);
    expect(terms.html).toContain("<h2>Refunds</h2>");
    expect(terms.html).toContain("<title>Terms and conditions · Test Academy</title>");
    expect(terms.html).not.toContain("<script>alert(1)</script>");
    expect(terms.html).not.toContain("javascript:");
    expect((await guest.page("/privacy")).html).toContain("We keep your e-mail.");
    expect((await guest.page("/withdrawal")).status).toBe(404);

    const home = await guest.page("/");
    expect(home.html).toContain('href="/terms"');
    expect(home.html).toContain('href="/privacy"');
    expect(home.html).not.toContain('href="/withdrawal"');

    const checkout = await guest.page("/wheel-throwing/checkout");
    expect(checkout.html).toMatch(/I accept the .*href="\/terms".*terms of sale.*href="\/privacy".*privacy policy/s);
    expect(checkout.html).not.toContain("I confirm my order.");
    expect((await admin.page("/home")).html).not.toContain('data-notice="terms"');
  });

  it("links the withdrawal information below the checkout's consent once it is written", async () => {
    await admin.json("PUT", "/home/legal", { terms: "Terms.", privacy: "", withdrawal: "You have 14 days." });
    const guest = await visitor(server, "/");
    const checkout = await guest.page("/wheel-throwing/checkout");
    expect(checkout.html).toContain('data-legal-link="withdrawal"');
    expect(checkout.html).toMatch(/I accept the .*terms of sale.*\.</s);
    expect(checkout.html).not.toContain("privacy policy");
    expect((await guest.page("/withdrawal")).html).toContain("You have 14 days.");
  });

  it("refuses a text over the limit and anyone but an admin", async () => {
    const long = await admin.json("PUT", "/home/legal", { ...noTexts, terms: "x".repeat(50_001) });
    expect(long.status).toBe(422);
    expect(long.body.errors).toEqual({ terms: ["The text may not be longer than 50000 characters."] });
    const guest = await visitor(server, "/");
    expect([401, 403]).toContain((await guest.json("PUT", "/home/legal", noTexts)).status);
    expect((await guest.page("/terms")).status).toBe(200);
  });

  it("takes a page down when its text is emptied", async () => {
    await admin.json("PUT", "/home/legal", noTexts);
    expect((await (await visitor(server, "/")).page("/terms")).status).toBe(404);
  });

  it("speaks Polish in a Polish school", async () => {
    const polish = { ...englishSchool, language: "pl" as const };
    await admin.json("PUT", "/home/settings", polish);
    const none = await (await visitor(server, "/")).page("/wheel-throwing/checkout");
    expect(none.html).toContain("Potwierdzam zamówienie.");
    expect((await admin.page("/home")).html).toContain("Twoje zamówienia nie mają regulaminu");
    await admin.json("PUT", "/home/legal", { terms: "Regulamin.", privacy: "Prywatność.", withdrawal: "" });
    const withTerms = await (await visitor(server, "/")).page("/wheel-throwing/checkout");
    expect(withTerms.html).toMatch(/Akceptuję .*regulamin sprzedaży.* i .*politykę prywatności/s);
    const terms = await (await visitor(server, "/")).page("/terms");
    expect(terms.html).toContain("<h1");
    expect(terms.html).toContain("Regulamin");
    await admin.json("PUT", "/home/settings", englishSchool);
    await admin.json("PUT", "/home/legal", { terms: "Terms.", privacy: "", withdrawal: "" });
  });
});

describe("what search engines read", () => {
  it("lists the published pages in sitemap.xml from the school's public address, not the Host header", async () => {
    const answer = await rawRequest(server, "GET", "/sitemap.xml", { host: "evil.example" });
    expect(answer.status).toBe(200);
    const locs = [...answer.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    const origin = new URL(server.url).origin;
    expect(locs).toEqual([
      `${origin}/`,
      `${origin}/courses`,
      `${origin}/products`,
      `${origin}/wheel-throwing`,
      `${origin}/products/kiln-checklist`,
      `${origin}/terms`,
    ]);
    expect(answer.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    expect(answer.body).not.toContain("evil.example");
    expect(answer.body).not.toContain("glazes");
  });

  it("keeps the private areas out in robots.txt and names the sitemap", async () => {
    const answer = await rawRequest(server, "GET", "/robots.txt", { host: "evil.example" });
    expect(answer.status).toBe(200);
    const lines = answer.body.split("\n");
    for (const rule of ["Disallow: /home/", "Disallow: /my/", "Disallow: /json/", "Disallow: /*/checkout$"])
      expect(lines).toContain(rule);
    expect(lines).toContain(`Sitemap: ${new URL(server.url).origin}/sitemap.xml`);
  });

  it("gives a course's sales page Open Graph, a Twitter card, and a Course with its offer, escaped", async () => {
    const course = await server.handle.db
      .selectFrom("courses")
      .select("id")
      .where("slug", "=", "wheel-throwing")
      .executeTakeFirstOrThrow();
    const { html } = await (await visitor(server, "/")).page("/wheel-throwing");
    // The title's </script> cannot end the data block.
    expect(html).not.toContain("</script><script>alert(1)");
    const [data, ...others] = jsonLd(html);
    expect(others).toEqual([]);
    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Course",
      name: "Wheel </script><script>alert(1)</script> & more",
      url: `${new URL(server.url).origin}/wheel-throwing`,
      provider: { "@type": "Organization", name: "Test Academy" },
      offers: [{ "@type": "Offer", price: "99.00", priceCurrency: "EUR" }],
    });
    expect(data.aggregateRating).toBeUndefined();
    expect(metaContent(html, "property", "og:title")).toBe("Wheel </script><script>alert(1)</script> & more");
    expect(metaContent(html, "name", "twitter:card")).toBe("summary");
    expect(html).toContain(`<link rel="canonical" href="${new URL(server.url).origin}/wheel-throwing"/>`);

    await addReview(server, course.id, { first_name: "Ann", rating: 10, status: "approved" });
    await addReview(server, course.id, { first_name: "Bob", rating: 5, status: "approved" });
    await addReview(server, course.id, { first_name: "Cat", rating: 0, status: "pending" });
    // Written straight into the database, as another process would: the cached page renews within a second.
    const rated = await waitFor(async () => {
      const [course] = jsonLd((await (await visitor(server, "/")).page("/wheel-throwing")).html);
      return course.aggregateRating ? course : null;
    });
    expect(rated.aggregateRating).toEqual({
      "@type": "AggregateRating",
      ratingValue: 7.5,
      ratingCount: 2,
      bestRating: 10,
      worstRating: 0,
    });
  });

  it("gives a product's page a Product with its offer, and the home page the Organization", async () => {
    const product = (await (await visitor(server, "/")).page("/products/kiln-checklist")).html;
    expect(jsonLd(product)).toMatchObject([
      { "@type": "Product", name: "Kiln checklist", offers: { "@type": "Offer" } },
    ]);
    expect(metaContent(product, "name", "twitter:title")).toBe("Kiln checklist");

    await admin.json("PUT", "/home/settings", { ...englishSchool, description: "Clay, wheels and kilns." });
    const home = (await (await visitor(server, "/")).page("/")).html;
    expect(jsonLd(home)).toEqual([
      expect.objectContaining({
        "@type": "Organization",
        name: "Test Academy",
        url: `${new URL(server.url).origin}/`,
        description: "Clay, wheels and kilns.",
      }),
    ]);
    expect(metaContent(home, "name", "description")).toBe("Clay, wheels and kilns.");
    expect(home).toMatch(/<html lang="en"/);
  });

  it("leaves a draft's data out (an admin sees the draft, search engines must not)", async () => {
    const draft = await admin.page("/glazes");
    expect(draft.status).toBe(200);
    expect(jsonLd(draft.html)).toEqual([]);
    expect(metaContent(draft.html, "name", "robots")).toBe("noindex");
  });
});
