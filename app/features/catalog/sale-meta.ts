// The head tags of a page the school sells from (a course's sales page, a product page, an article): description, canonical
// address, Open Graph and Twitter cards (with the cover image), and the page's schema.org data (structured-data.ts);
// drafts and unpublished pages (seen by admins only) are not indexed.
import type { MetaDescriptor } from "react-router";
import type { LdJson } from "#app/features/seo/structured-data.ts";

export type SaleSeo = {
  title: string;
  description: string;
  url: string;
  image: string | null;
  siteName: string;
  lang: string;
};

export function saleMeta(
  seo: SaleSeo,
  page: { title: string; type: "website" | "product" | "article"; published: boolean; jsonLd?: LdJson },
): MetaDescriptor[] {
  const tags: MetaDescriptor[] = [
    { title: page.title },
    { name: "description", content: seo.description },
    { tagName: "link", rel: "canonical", href: seo.url },
    { property: "og:type", content: page.type },
    { property: "og:title", content: seo.title },
    { property: "og:description", content: seo.description },
    { property: "og:url", content: seo.url },
    { property: "og:site_name", content: seo.siteName },
    { property: "og:locale", content: seo.lang === "pl" ? "pl_PL" : "en_GB" },
  ];
  if (seo.image) tags.push({ property: "og:image", content: seo.image });
  tags.push(
    { name: "twitter:card", content: seo.image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: seo.title },
    { name: "twitter:description", content: seo.description },
  );
  if (seo.image) tags.push({ name: "twitter:image", content: seo.image });
  if (!page.published) tags.push({ name: "robots", content: "noindex" });
  else if (page.jsonLd) tags.push({ "script:ld+json": page.jsonLd });
  return tags;
}
