// /my/products/{slug}: one of the student's products (where a file product's 'Go to download' leads): its
// description and what it gives, with the download for a file. Someone without it gets the 404 page, as for a
// product that does not exist.
import { AppError } from "#core/errors.ts";
import { Link } from "react-router";
import { ChevronLeft } from "lucide-react";
import { findMyProduct } from "#core/products/list-my-products.ts";
import { pageContext } from "#server/page-context.ts";
import { useT } from "#app/lib/i18n.tsx";
import { MarkdownText } from "#app/features/learning/components/markdown-text.tsx";
import { ProductKindBadge } from "#app/features/products/badges.tsx";
import { MyProductDetails } from "#app/features/products/my-product-details.tsx";
import { myProductView } from "#app/features/products/my-product-view.ts";
import type { Route } from "./+types/products-detail.ts";

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const school = matches[0]?.loaderData?.school?.name ?? "Studium";
  return loaderData ? [{ title: `${loaderData.product.title} · ${school}` }] : (matches[0]?.meta ?? []);
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const { services, request: ctx } = context.get(pageContext);
  const product = await findMyProduct(services.db, ctx.actor, params.slug);
  if (!product) throw new AppError("not_found");
  return { product: myProductView(product, ctx.lang, ctx.school?.time_zone) };
}

export default function MyProductPage({ loaderData: { product } }: Route.ComponentProps) {
  const t = useT();
  return (
    <article aria-labelledby="product-title" className="flex flex-col gap-6" data-my-product={product.slug}>
      <Link
        to="/my"
        className="inline-flex items-center gap-1 self-start text-sm font-medium text-brand-700 hover:underline"
      >
        <ChevronLeft aria-hidden className="size-4" />
        {t("accounts:my_title")}
      </Link>
      <div className="flex flex-col items-start gap-2">
        <ProductKindBadge kind={product.kind} />
        <h1 id="product-title" className="text-2xl font-bold break-words">
          {product.title}
        </h1>
      </div>
      <div className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200">
        <MyProductDetails product={product} />
      </div>
      {product.description.trim() && (
        <section aria-labelledby="product-about" className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200">
          <h2 id="product-about" className="text-lg font-semibold">
            {t("products:about")}
          </h2>
          <div className="mt-3">
            <MarkdownText markdown={product.description} />
          </div>
        </section>
      )}
    </article>
  );
}
