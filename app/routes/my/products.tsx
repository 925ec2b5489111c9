// /my/products: the student's bought products other than courses (the selling issue, item 1), from product_access
// while it lasts: consultations, live events (date, link), files (download) and bundles (their courses). Courses
// themselves are on /my.
import { Link } from "react-router";
import { Package } from "lucide-react";
import { listMyProducts } from "#core/products/list-my-products.ts";
import { translator } from "#platform/i18n/index.ts";
import { pageContext } from "#server/page-context.ts";
import { requireUser } from "#app/lib/require-user.ts";
import { useT } from "#app/lib/i18n.tsx";
import { ProductKindBadge } from "#app/features/products/badges.tsx";
import { MyProductDetails } from "#app/features/products/my-product-details.tsx";
import { myProductView } from "#app/features/products/my-product-view.ts";
import { buttonClass } from "#app/ui/button.tsx";
import type { Route } from "./+types/products.ts";

export function meta({ matches }: Route.MetaArgs) {
  const root = matches[0]?.loaderData;
  const t = translator(root?.lang ?? "en");
  return [{ title: `${t("products:my_title")} · ${root?.school?.name ?? "Studium"}` }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const { services, request: ctx } = context.get(pageContext);
  const products = await listMyProducts(services.db, user.id);
  return { products: products.map((product) => myProductView(product, ctx.lang)) };
}

export default function MyProducts({ loaderData: { products } }: Route.ComponentProps) {
  const t = useT();
  return (
    <section aria-labelledby="my-products-title">
      <h1 id="my-products-title" className="text-2xl font-bold">
        {t("products:my_title")}
      </h1>
      <p className="mt-1 text-muted">{t("products:my_intro")}</p>
      {products.length === 0 ? (
        <div className="mt-6 flex flex-col items-center gap-4 rounded-xl border border-dashed border-gray-300 bg-white px-6 py-12 text-center">
          <Package aria-hidden className="size-10 text-gray-400" />
          <p className="text-muted">{t("products:my_empty")}</p>
          <Link to="/products" className={buttonClass("primary")}>
            {t("products:browse")}
          </Link>
        </div>
      ) : (
        <ul className="mt-6 flex flex-col gap-4" aria-label={t("products:my_title")}>
          {products.map((product) => (
            <li
              key={product.id}
              data-my-product={product.slug}
              className="flex flex-col gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200"
            >
              <div className="flex flex-wrap items-center gap-2">
                <h2 className="min-w-0 text-lg leading-snug font-semibold break-words">
                  <Link to={`/my/products/${product.slug}`} className="text-ink underline-offset-4 hover:underline">
                    {product.title}
                  </Link>
                </h2>
                <ProductKindBadge kind={product.kind} />
              </div>
              <MyProductDetails product={product} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
