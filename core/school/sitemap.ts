// GET /sitemap.xml and GET /robots.txt (issue 16): what search engines may read and where to find it. Every
// address starts with the school's public address (APP_URL or the recorded one), never the request's Host
// header, which anyone can set. Hand-written XML (decision 0033): a list of <loc> elements needs escaping of
// five characters, not a library.
import type { Db } from "#platform/db/connection.ts";
import type { School } from "#platform/db/schema.ts";
import { escapeXml } from "#core/shared/xml.ts";
import { listPublishedArticles } from "../articles/list-published-articles.ts";
import { listPublishedCourses } from "../catalog/list-published-courses.ts";
import { listPublishedProducts } from "../products/list-published-products.ts";
import { publishedLegalPages } from "./get-legal-pages.ts";
import { LEGAL_PAGES } from "./schemas.ts";

/** The public pages a search engine should know: home, catalogs, courses, products, public articles, legal pages. */
export async function listSitemapAddresses(db: Db, school: School, origin: string): Promise<string[]> {
  const [courses, { products }, { articles }] = await Promise.all([
    listPublishedCourses(db),
    listPublishedProducts(db),
    // the articles on show whose body anyone may read (the others are a title and a log-in prompt)
    listPublishedArticles(db, { visibility: "public", perPage: SITEMAP_ARTICLES_MAX }),
  ]);
  const legal = publishedLegalPages(school);
  const paths = [
    "/",
    "/courses",
    ...(products.length ? ["/products"] : []),
    ...courses.map((course) => `/${encodeURIComponent(course.slug)}`),
    ...products.map((product) => `/products/${encodeURIComponent(product.slug)}`),
    ...(articles.length ? ["/articles"] : []),
    ...articles.map((article) => `/articles/${encodeURIComponent(article.slug)}`),
    ...LEGAL_PAGES.filter((page) => legal[page]).map((page) => `/${page}`),
  ];
  return paths.map((path) => `${origin}${path}`);
}

/** A sitemap holds at most 50,000 addresses; the newest articles up to this many are listed. */
const SITEMAP_ARTICLES_MAX = 10_000;

/** The sitemaps.org format (https://www.sitemaps.org/protocol.html). */
export function sitemapXml(addresses: string[]): string {
  const urls = addresses.map((loc) => `  <url><loc>${escapeXml(loc)}</loc></url>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/**
 * The admin area, the student's pages, the JSON calls and checkouts are no search results. Paths end in "/" or
 * "$" so that a course whose slug starts with "my" or "home" stays indexable.
 */
export const ROBOTS_DISALLOWED = [
  "/home$",
  "/home/",
  "/my$",
  "/my/",
  "/json/",
  "/checkout/",
  "/*/checkout$",
  "/*/watch",
  "/transaction/",
  "/payments/",
  "/subscribe/",
];

export function robotsTxt(origin: string | undefined): string {
  const lines = ["User-agent: *", ...ROBOTS_DISALLOWED.map((path) => `Disallow: ${path}`)];
  if (origin) lines.push("", `Sitemap: ${origin}/sitemap.xml`);
  return `${lines.join("\n")}\n`;
}
