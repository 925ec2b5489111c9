// /products: the published products other than courses (bundles, consultations, live events, files) as cards,
// each linking to its page, with its lowest price now (the regular one struck through while a
// promotion runs; "from" when there are several variants). Anonymous visitors get it from the rendered-page cache;
// it expires by itself when a price shown changes.
import { Package } from "lucide-react";
import { listPublishedProducts } from "#core/products/list-published-products.ts";
import { translator } from "#platform/i18n/index.ts";
import { type PageCacheHandle, pageCacheHints } from "#server/page-cache-hints.ts";
import { pageContext } from "#server/page-context.ts";
import { useT } from "#app/lib/i18n.tsx";
import { ProductGrid, productCardData } from "#app/features/products/product-grid.tsx";
import type { Route } from "./+types/index.ts";
import { EmptyState } from "#app/ui/empty-state.tsx";

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
    products: products.map((product) => productCardData(product, ctx.lang)),
  };
}

export default function Products({ loaderData: { products } }: Route.ComponentProps) {
  const t = useT();
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t("products:list_title")}</h1>
      <p className="mt-2 text-lg text-muted">{t("products:list_intro")}</p>
      {products.length === 0 ? (
        <EmptyState className="mt-6" icon={Package} title={t("products:list_empty")} />
      ) : (
        <ProductGrid products={products} headingLevel={2} />
      )}
    </div>
  );
}
