// Product cards (bundles, consultations, live events, files), as /products and the home page list them: cover,
// kind, title, a short description and the lowest price now (the regular one struck through while a promotion
// runs; "from" when there are several variants).
import { Link } from "react-router";
import { coverPhotoUrl } from "#core/catalog/cover-photo.ts";
import type { PublishedProduct } from "#core/products/list-published-products.ts";
import { formatMoney } from "#core/shared/money.ts";
import type { Lang } from "#platform/i18n/index.ts";
import { useT } from "#app/lib/i18n.tsx";
import { CoverImage } from "#app/features/catalog/course-card.tsx";
import { excerpt } from "#app/features/catalog/course-card-data.ts";
import { ProductKindBadge } from "./badges.tsx";

export type ProductCardData = ReturnType<typeof productCardData>;

export function productCardData(product: PublishedProduct, lang: Lang) {
  const money = (cents: number) => formatMoney(cents, product.currency, lang);
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
}

export function ProductGrid({ products, headingLevel }: { products: ProductCardData[]; headingLevel: 2 | 3 }) {
  const t = useT();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
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
              <Heading className="mt-2 text-lg leading-snug font-semibold">
                <Link
                  to={`/products/${product.slug}`}
                  className="after:absolute after:inset-0 after:rounded-xl focus:outline-none"
                >
                  {product.title}
                </Link>
              </Heading>
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
  );
}
