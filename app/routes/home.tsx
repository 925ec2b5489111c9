// The school's home page: its name, the published courses as cards (app/features/catalog/course-card.tsx) and,
// when the school sells them, its other products (consultations, live events, bundles, files), in the school's
// language. Anonymous visitors get it from the rendered-page cache (server/plugins/page-cache.ts): a launch-day link
// to the school is mostly to this page. It expires by itself when a promotion shown starts or ends.
import { nextPriceChangeAt } from "#core/catalog/course-price.ts";
import { listPublishedCourses } from "#core/catalog/list-published-courses.ts";
import { listPublishedProducts } from "#core/products/list-published-products.ts";
import { type PageCacheHandle, pageCacheHints } from "#server/page-cache-hints.ts";
import { pageContext } from "#server/page-context.ts";
import { translator } from "#platform/i18n/index.ts";
import { organizationJsonLd } from "#app/features/seo/structured-data.ts";
import { useT } from "#app/lib/i18n.tsx";
import { CourseGrid } from "#app/features/catalog/course-card.tsx";
import { courseCardData } from "#app/features/catalog/course-card-data.ts";
import { ProductGrid, productCardData } from "#app/features/products/product-grid.tsx";
import type { Route } from "./+types/home.ts";

export const handle: PageCacheHandle = { pageCache: true };

export function meta({ matches }: Route.MetaArgs) {
  const root = matches[0]?.loaderData;
  const school = root?.school;
  if (!root || !school) return [{ title: "Studium" }];
  const t = translator(root.lang);
  const description = school.brand.description || school.tagline || t("home_intro");
  const url = `${root.siteUrl}/`;
  const logo = school.brand.logoUrl ? `${root.siteUrl}${school.brand.logoUrl}` : null;
  return [
    { title: school.name },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:title", content: school.name },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:site_name", content: school.name },
    ...(logo ? [{ property: "og:image", content: logo }] : []),
    { name: "twitter:card", content: "summary" },
    {
      "script:ld+json": organizationJsonLd({
        name: school.name,
        url,
        description,
        logo,
        email: school.brand.contactEmail,
        sameAs: school.brand.socialLinks,
      }),
    },
  ];
}

export async function loader({ context }: Route.LoaderArgs) {
  const { request: ctx, services } = context.get(pageContext);
  const [courses, { products, price_changes_at }] = await Promise.all([
    listPublishedCourses(services.db),
    listPublishedProducts(services.db),
  ]);
  const now = new Date().toISOString();
  const hints = context.get(pageCacheHints);
  for (const course of courses) hints.validUntil(nextPriceChangeAt(course, now));
  hints.validUntil(price_changes_at);
  return {
    schoolName: ctx.school?.name ?? "Studium",
    tagline: ctx.school?.tagline ?? "",
    courses: courses.map((course) => courseCardData(course, ctx.lang, now)),
    products: products.map((product) => productCardData(product, ctx.lang)),
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { schoolName, tagline, courses, products } = loaderData;
  return (
    <>
      <section className="border-b border-gray-200 bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
          <h1 className="text-3xl font-bold tracking-tight sm:text-5xl">{schoolName}</h1>
          <p className="mt-3 max-w-2xl text-lg text-muted">{tagline || t("home_intro")}</p>
        </div>
      </section>
      <section aria-labelledby="courses-title" className="mx-auto max-w-6xl px-4 py-10 sm:py-12">
        <h2 id="courses-title" className="text-2xl font-bold">
          {t("catalog:courses_title")}
        </h2>
        <CourseGrid courses={courses} />
      </section>
      {products.length > 0 && (
        <section aria-labelledby="products-title" className="mx-auto max-w-6xl px-4 pb-10 sm:pb-12">
          <h2 id="products-title" className="text-2xl font-bold">
            {t("products:list_title")}
          </h2>
          <ProductGrid products={products} headingLevel={3} />
        </section>
      )}
    </>
  );
}
