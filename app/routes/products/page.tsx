// The product page /products/{slug} (the selling issue, item 1): cover, title, description (markdown, rendered like
// lecture text), what the kind adds (a bundle's courses with links, a live event's date in the school's format, a
// consultation, a file's name and size), how long access lasts, each price variant's price (with a running
// promotion: the promo price, the regular one struck through and the lowest price of the last 30 days), and the
// checkout button ('buy', or 'has access' for those who have it). Published products only (404 otherwise); an admin
// also sees the others, with a banner. Anonymous visitors get it from the rendered-page cache. A live event's link
// is never shown here: buyers find it in /my/products.
import { AppError } from "#core/errors.ts";
import { Link } from "react-router";
import { CalendarClock, FileDown, MessagesSquare, Package, Timer } from "lucide-react";
import { coverPhotoUrl } from "#core/catalog/cover-photo.ts";
import { getProductPage } from "#core/products/get-product-page.ts";
import { listPlansOpening } from "#core/memberships/list-plans-opening.ts";
import { hasProductAccess } from "#core/products/product-access.ts";
import { formatDate, formatDateTime } from "#platform/i18n/format.ts";
import { formatMoney } from "#core/shared/money.ts";
import { type PageCacheHandle, pageCacheHints } from "#server/page-cache-hints.ts";
import { pageContext } from "#server/page-context.ts";
import { useT } from "#app/lib/i18n.tsx";
import { excerpt } from "#app/features/catalog/course-card-data.ts";
import { AboutSection, SaleLayout } from "#app/features/catalog/sale-layout.tsx";
import { saleMeta } from "#app/features/catalog/sale-meta.ts";
import { productJsonLd } from "#app/features/seo/structured-data.ts";
import { formatBytes } from "#app/features/media/upload-errors.ts";
import { ProductKindBadge } from "#app/features/products/badges.tsx";
import { ProductCheckoutButton } from "#app/features/products/product-checkout-button.tsx";
import { SubscribePlans } from "#app/features/memberships/subscribe-button.tsx";
import { subscribePlansView } from "#app/features/memberships/subscribe-plans-view.ts";
import { VariantPrices } from "#app/features/products/variant-prices.tsx";
import { renderMarkdown } from "#app/features/learning/components/rendered-markdown.server.tsx";
import type { Route } from "./+types/page.ts";

export const handle: PageCacheHandle = { pageCache: true };

const SEO_DESCRIPTION_LENGTH = 150;

export async function loader({ context, params }: Route.LoaderArgs) {
  const { request: ctx, services } = context.get(pageContext);
  const db = services.db;
  const viewer = ctx.user;
  const now = new Date().toISOString();
  const page = await getProductPage(db, { slug: params.slug, includeUnpublished: viewer?.role === "admin", now });
  if (!page) throw new AppError("not_found");
  context.get(pageCacheHints).validUntil(page.price_changes_at);
  const { product, variants } = page.offer;
  const money = (cents: number) => formatMoney(cents, product.currency, ctx.lang);
  const cover = coverPhotoUrl(product.cover_image);
  const slug = product.slug!;
  const hasAccess = await hasProductAccess(db, viewer, product.id, now);
  return {
    product: {
      slug,
      kind: product.kind,
      title: product.title,
      descriptionHtml: await renderMarkdown(db, product.description),
      status: product.status,
      cover,
    },
    seo: {
      title: product.title,
      description: excerpt(product.description, SEO_DESCRIPTION_LENGTH),
      url: `${ctx.baseUrl}/products/${slug}`,
      image: cover ? `${ctx.baseUrl}${cover}` : null,
      siteName: ctx.school?.name ?? "Studium",
      lang: ctx.lang,
      // the lowest price of its variants now, as the card shows
      offer:
        variants.length > 0
          ? {
              priceCents: Math.max(0, Math.min(...variants.map((variant) => variant.price_cents))),
              currency: product.currency,
              url: `${ctx.baseUrl}/products/${slug}`,
            }
          : null,
    },
    variants: variants.map((variant) => ({
      id: variant.id,
      name: variant.name,
      regular: variant.regular_cents > 0 ? money(variant.regular_cents) : null,
      promo: variant.promo_active ? money(variant.price_cents) : null,
      lowest30: variant.lowest_30_days_cents !== null ? money(variant.lowest_30_days_cents) : null,
      promoEnds: variant.promo_ends_at ? formatDate(variant.promo_ends_at, ctx.lang) : null,
    })),
    free: variants.length > 0 && variants.every((variant) => variant.price_cents <= 0),
    courses: page.bundle_courses,
    file: page.file ? { name: page.file.name, size: formatBytes(page.file.size, ctx.lang) } : null,
    eventStartsAt: page.event_starts_at ? formatDateTime(page.event_starts_at, ctx.lang, ctx.school?.time_zone) : null,
    access: product.access_ends_at
      ? { mode: "date" as const, date: formatDate(product.access_ends_at, ctx.lang), days: 0 }
      : product.access_days
        ? { mode: "days" as const, date: "", days: product.access_days }
        : { mode: "none" as const, date: "", days: 0 },
    hasAccess,
    plans: hasAccess ? [] : subscribePlansView(await listPlansOpening(db, { productId: product.id }), ctx.lang),
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return matches[0]?.meta ?? [];
  const { seo, product } = loaderData;
  return saleMeta(seo, {
    title: `${seo.title} · ${seo.siteName}`,
    type: "product",
    published: product.status === "published",
    jsonLd: productJsonLd({
      title: product.title,
      description: seo.description,
      url: seo.url,
      image: seo.image,
      school: seo.siteName,
      offer: seo.offer,
    }),
  });
}

type Data = Route.ComponentProps["loaderData"];

function KindDetails({ data }: { data: Data }) {
  const t = useT();
  const { product } = data;
  if (product.kind === "bundle") {
    return (
      <section aria-labelledby="bundle-title">
        <h2 id="bundle-title" className="text-2xl font-bold">
          {t("products:bundle_includes")}
        </h2>
        <ol className="mt-4 flex flex-col gap-2" data-testid="bundle-courses">
          {data.courses.map((course, index) => (
            <li
              key={course.id}
              className="flex items-center gap-3 rounded-xl bg-white px-4 py-3 shadow-sm ring-1 ring-gray-200"
            >
              <span className="w-6 text-sm text-muted tabular-nums">{index + 1}.</span>
              {course.published ? (
                <Link
                  to={`/${course.slug}`}
                  className="min-w-0 break-words font-semibold text-brand-700 underline-offset-4 hover:underline"
                >
                  {course.title}
                </Link>
              ) : (
                <span className="min-w-0 break-words font-semibold">{course.title}</span>
              )}
            </li>
          ))}
        </ol>
      </section>
    );
  }
  return null;
}

function Facts({ data }: { data: Data }) {
  const t = useT();
  const { product, access } = data;
  const item = "flex items-start gap-2";
  return (
    <ul className="flex flex-col gap-2 text-sm text-ink" data-testid="product-facts">
      {product.kind === "live_event" && data.eventStartsAt && (
        <li className={item}>
          <CalendarClock aria-hidden className="mt-0.5 size-4 shrink-0 text-muted" />
          <span data-testid="event-date">{t("products:event_on", { date: data.eventStartsAt })}</span>
        </li>
      )}
      {product.kind === "consultation" && (
        <li className={item}>
          <MessagesSquare aria-hidden className="mt-0.5 size-4 shrink-0 text-muted" />
          <span>{t("products:consultation_fact")}</span>
        </li>
      )}
      {product.kind === "file" && data.file && (
        <li className={item}>
          <FileDown aria-hidden className="mt-0.5 size-4 shrink-0 text-muted" />
          <span className="min-w-0 break-all" data-testid="file-fact">
            {t("products:file_fact", { name: data.file.name, size: data.file.size })}
          </span>
        </li>
      )}
      {product.kind === "bundle" && (
        <li className={item}>
          <Package aria-hidden className="mt-0.5 size-4 shrink-0 text-muted" />
          <span>{t("products:bundle_fact", { count: data.courses.length })}</span>
        </li>
      )}
      <li className={item}>
        <Timer aria-hidden className="mt-0.5 size-4 shrink-0 text-muted" />
        <span>
          {access.mode === "days"
            ? t("products:access_for_days", { count: access.days })
            : access.mode === "date"
              ? t("products:access_until", { date: access.date })
              : t("products:access_lifetime")}
        </span>
      </li>
    </ul>
  );
}

export default function ProductPage({ loaderData: data }: Route.ComponentProps) {
  const t = useT();
  const { product } = data;
  return (
    <div data-product-page={product.slug}>
      <SaleLayout
        texts="products"
        status={product.status}
        header={
          <>
            <ProductKindBadge kind={product.kind} />
            <h1 className="mt-3 text-3xl font-bold tracking-tight break-words sm:text-4xl">{product.title}</h1>
            <div className="mt-5">
              <Facts data={data} />
            </div>
          </>
        }
        boxLabel={t("products:product_details")}
        cover={product.cover}
        box={
          <>
            <VariantPrices variants={data.variants} />
            <ProductCheckoutButton slug={product.slug} hasAccess={data.hasAccess} free={data.free} />
            <SubscribePlans plans={data.plans} />
          </>
        }
      >
        <AboutSection title={t("products:about")} html={product.descriptionHtml} testId="product-description" />
        <KindDetails data={data} />
      </SaleLayout>
    </div>
  );
}
