// The head tags of a page the school sells from (a course's sales page, a product page): description, canonical
// address and Open Graph; drafts and unpublished pages (seen by admins only) are not indexed.
import type { MetaDescriptor } from "react-router";

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
  page: { title: string; type: "website" | "product"; published: boolean },
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
  if (!page.published) tags.push({ name: "robots", content: "noindex" });
  return tags;
}
