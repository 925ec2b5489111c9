// /home/products: everything the school sells (the selling issue, item 1): course products (every course appears),
// bundles, consultations, live events and files, filtered by kind and status (a plain GET form, so the filter works
// before hydration too): the kind, the status, the first variant's price (and promo price), how many variants,
// units sold, and the promotional packages sold of their limit. The way to a new product.
import { Link } from "react-router";
import { Plus } from "lucide-react";
import { listProducts } from "#core/products/list-products.ts";
import { allKinds, productFilterSchema, productStatuses } from "#core/products/schemas.ts";
import { formatMoney } from "#core/shared/money.ts";
import { pageContext } from "#server/page-context.ts";
import { useT } from "#app/lib/i18n.tsx";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import { ProductKindBadge, ProductStatusBadge } from "#app/features/products/badges.tsx";
import { buttonClass } from "#app/ui/button.tsx";
import { EmptyState } from "#app/ui/empty-state.tsx";
import { FilterForm } from "#app/ui/filter-form.tsx";
import { SelectField } from "#app/ui/select-field.tsx";
import type { Route } from "./+types/products.ts";

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches[0]?.loaderData, "products:admin_title");
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, request: ctx } = context.get(pageContext);
  const query = Object.fromEntries(new URL(request.url).searchParams);
  const filter = productFilterSchema.parse(query);
  const products = await listProducts(services.db, ctx.actor, filter);
  const money = (cents: number, currency: string) => formatMoney(cents, currency, ctx.lang);
  return {
    filter: { kind: filter.kind ?? "", status: filter.status ?? "" },
    products: products.map((p) => ({
      id: p.id,
      kind: p.kind,
      title: p.title,
      path: p.path,
      status: p.status,
      price: p.price_cents === null ? null : p.price_cents > 0 ? money(p.price_cents, p.currency) : "",
      promo: p.promo_cents !== null ? money(p.promo_cents, p.currency) : null,
      variants: p.variant_count,
      sold: p.sold,
      promoLimit: p.promo_limit,
      promoSold: p.promo_sold,
    })),
  };
}

export default function ProductsPage({ loaderData: { products, filter } }: Route.ComponentProps) {
  const t = useT();
  const filtered = Boolean(filter.kind || filter.status);
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">{t("products:admin_title")}</h1>
          <p className="mt-1 text-muted">{t("products:admin_intro")}</p>
        </div>
        <Link to="/home/products/new" className={buttonClass("primary")}>
          <Plus aria-hidden className="size-4" />
          {t("products:new_product")}
        </Link>
      </div>

      <FilterForm
        label={t("products:filters")}
        action="/home/products"
        submitLabel={t("products:filter")}
        clear={filtered ? { label: t("products:clear_filters") } : undefined}
      >
        <SelectField
          label={t("products:kind")}
          name="kind"
          defaultValue={filter.kind}
          className="sm:w-56"
          options={[
            { value: "", label: t("products:all_kinds") },
            ...allKinds.map((kind) => ({ value: kind, label: t(`products:kind_${kind}`) })),
          ]}
        />
        <SelectField
          label={t("products:status")}
          name="status"
          defaultValue={filter.status}
          className="sm:w-56"
          options={[
            { value: "", label: t("products:all_statuses") },
            ...productStatuses.map((status) => ({ value: status, label: t(`products:status_${status}`) })),
          ]}
        />
      </FilterForm>

      {products.length === 0 ? (
        <EmptyState
          title={t(filtered ? "products:none_match" : "products:none")}
          text={filtered ? undefined : t("products:none_text")}
        />
      ) : (
        <ul
          aria-label={t("products:admin_title")}
          className="divide-y divide-gray-100 rounded-xl bg-white shadow-sm ring-1 ring-gray-200"
        >
          {products.map((product) => (
            <li
              key={product.id}
              data-product-id={product.id}
              data-kind={product.kind}
              className="flex flex-col gap-3 p-4 lg:flex-row lg:items-center lg:gap-4 lg:px-5"
            >
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  <Link
                    to={`/home/products/${product.id}`}
                    className="font-semibold break-words text-brand-700 underline-offset-4 hover:underline"
                  >
                    {product.title}
                  </Link>
                  <ProductKindBadge kind={product.kind} />
                  <ProductStatusBadge status={product.status} />
                </div>
                <p className="mt-0.5 text-sm break-all text-muted">{product.path}</p>
              </div>
              <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4 lg:shrink-0 lg:grid-cols-[9rem_6rem_4.5rem_8.5rem] lg:gap-4">
                <div>
                  <dt className="text-xs text-muted">{t("products:price")}</dt>
                  <dd className="font-medium tabular-nums" data-testid="list-price">
                    {product.promo ? (
                      <>
                        <span>{product.promo}</span>{" "}
                        <s className="text-xs text-muted">
                          <span className="sr-only">{t("products:regular_price")} </span>
                          {product.price}
                        </s>
                      </>
                    ) : product.price === null ? (
                      "–"
                    ) : (
                      product.price || t("products:free")
                    )}
                  </dd>
                </div>
                <div>
                  <dt className="text-xs text-muted">{t("products:variants")}</dt>
                  <dd className="font-medium tabular-nums">{product.variants}</dd>
                </div>
                <div>
                  <dt className="text-xs text-muted">{t("products:sold")}</dt>
                  <dd className="font-medium tabular-nums" data-testid="sold">
                    {product.sold}
                  </dd>
                </div>
                <div>
                  <dt className="text-xs text-muted">{t("products:promo_packages")}</dt>
                  <dd className="font-medium whitespace-nowrap tabular-nums" data-testid="promo-packages">
                    {product.promoLimit < 0
                      ? t("products:packages_unlimited", { sold: product.promoSold })
                      : t("products:packages_of", { sold: product.promoSold, limit: product.promoLimit })}
                  </dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
