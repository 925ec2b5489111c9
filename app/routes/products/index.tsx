// /products: the published products other than courses (bundles, consultations, live events, files) as cards,
// each linking to its page, with its lowest price now (the regular one struck through while a
// promotion runs; "from" when there are several variants). Anonymous visitors get it from the rendered-page cache;
// it expires by itself when a price shown changes.
import { Link } from "react-router";
import { Package } from "lucide-react";
import { coverPhotoUrl } from "#core/catalog/cover-photo.ts";
import { listPublishedProducts } from "#core/products/list-published-products.ts";
import { formatMoney } from "#platform/i18n/format.ts";
import { translator } from "#platform/i18n/index.ts";
import { type PageCacheHandle, pageCacheHints } from "#server/page-cache-hints.ts";
import { pageContext } from "#server/page-context.ts";
import { useT } from "#app/lib/i18n.tsx";
import { CoverImage } from "#app/features/catalog/course-card.tsx";
import { excerpt } from "#app/features/catalog/course-card-data.ts";
import { ProductKindBadge } from "#app/features/products/badges.tsx";
import type { Route } from "./+types/index.ts";

export const handle: PageCacheHandle = { pageCache: true };

export function meta({ matches }: Route.MetaArgs) {
  const root = matches[0]?.loaderData;
  const t = translator(root?.lang ?? "en");
  return [{ title: `${t("products:list_title")} · ${root?.school?.name ?? "Studium"}` }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const { request: ctx, services } = context.get(pageContext);
  const { products, price_changes_at } = await listPublishedProducts(services.db);
  context.get(pageCacheHints).validUntil(price_changes_at);
  return {
    products: products.map((product) => {
      const money = (cents: number) => formatMoney(cents, product.currency, ctx.lang);
      return {
        id: product.id,
        kind: product.kind,
        slug: product.slug,
        title: product.title,
        excerpt: excerpt(product.description),
        cover: coverPhotoUrl(product.cover_image),
        price: product.price_cents > 0 ? money(product.price_cents) : null,
        regular: product.price_cents < product.regular_cents ? money(product.regular_cents) : null,
        several: product.variant_count > 1,
      };
    }),
  };
}

export default function Products({ loaderData: { products } }: Route.ComponentProps) {
  const t = useT();
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t("products:list_title")}</h1>
      <p className="mt-2 text-lg text-muted">{t("products:list_intro")}</p>
      {products.length === 0 ? (
        <div className="mt-6 rounded-xl border border-dashed border-gray-300 bg-white px-6 py-12 text-center">
          <Package aria-hidden className="mx-auto size-8 text-gray-400" />
          <p className="mt-3 font-semibold">{t("products:list_empty")}</p>
        </div>
      ) : (
        <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {products.map((product) => (
            <li key={product.id}>
              <article
                className="relative flex h-full flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-gray-200 transition-shadow focus-within:ring-2 focus-within:ring-brand-600 hover:shadow-md"
                data-product={product.slug}
              >
                <CoverImage src={product.cover} className="aspect-video w-full bg-brand-50 object-cover" />
                <div className="flex flex-1 flex-col p-5">
                  <div>
                    <ProductKindBadge kind={product.kind} />
                  </div>
                  <h2 className="mt-2 text-lg leading-snug font-semibold">
                    <Link
                      to={`/products/${product.slug}`}
                      className="after:absolute after:inset-0 after:rounded-xl focus:outline-none"
                    >
                      {product.title}
                    </Link>
                  </h2>
                  <p className="mt-2 flex-1 text-sm text-muted">{product.excerpt}</p>
                  <p className="mt-5 flex flex-wrap items-baseline gap-x-2 border-t border-gray-100 pt-4 text-sm font-semibold">
                    {product.regular ? (
                      <>
                        <span className="sr-only">{t("catalog:promo_price")}: </span>
                        <span className="text-red-700">
                          {product.several ? t("products:price_from", { price: product.price }) : product.price}
                        </span>
                        <span className="sr-only">{t("catalog:regular_price")}: </span>
                        <s className="text-xs font-normal text-muted">{product.regular}</s>
                      </>
                    ) : (
                      <>
                        <span className="sr-only">{t("catalog:price")}: </span>
                        {product.price
                          ? product.several
                            ? t("products:price_from", { price: product.price })
                            : product.price
                          : t("catalog:free")}
                      </>
                    )}
                  </p>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
