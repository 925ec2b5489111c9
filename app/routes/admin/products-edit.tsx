// /home/products/{productId}: one product's editor. A course product shows its course's price (edited in the course
// editor) and edits its variants 2 and 3 and the promotional packages limit; other products edit everything, and
// can be deleted while nobody has bought them (otherwise: unpublish). A link opens the product's page.
import { Link, useRevalidator } from "react-router";
import { ChevronLeft, ExternalLink } from "lucide-react";
import { listCourseOptions } from "#core/products/list-course-options.ts";
import { getEditedProduct } from "#core/products/get-edited-product.ts";
import { pageContext } from "#server/page-context.ts";
import { useT } from "#app/lib/i18n.tsx";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import { ProductKindBadge, ProductStatusBadge } from "#app/features/products/badges.tsx";
import { CourseProductForm } from "#app/features/products/course-product-form.tsx";
import { DeleteProduct } from "#app/features/products/delete-product.tsx";
import { ProductForm } from "#app/features/products/product-form.tsx";
import { buttonClass } from "#app/ui/button.tsx";
import type { Route } from "./+types/products-edit.ts";

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const tags = adminMeta(matches[0]?.loaderData, "products:edit_product");
  if (!loaderData) return tags;
  const school = matches[0]?.loaderData?.school?.name ?? "Studium";
  return [{ title: `${loaderData.product.title} · ${school}` }, ...tags.slice(1)];
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const { services, request: ctx } = context.get(pageContext);
  const product = await getEditedProduct(services.db, ctx.actor, params.productId);
  const courses = product.kind === "bundle" ? await listCourseOptions(services.db, ctx.actor) : [];
  return { product, courses, lang: ctx.lang, currency: ctx.school?.currency ?? product.currency };
}

export default function EditProductPage({ loaderData: { product, courses, lang, currency } }: Route.ComponentProps) {
  const t = useT();
  const revalidator = useRevalidator();
  const reload = () => void revalidator.revalidate();
  const page = product.kind === "course" ? `/${product.course?.slug ?? ""}` : `/products/${product.slug}`;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <Link
        to="/home/products"
        className="inline-flex items-center gap-1 self-start text-sm font-medium text-brand-700 hover:underline"
      >
        <ChevronLeft aria-hidden className="size-4" />
        {t("products:all_products")}
      </Link>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold break-words sm:text-3xl">{product.title}</h1>
          <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-muted">
            <ProductKindBadge kind={product.kind} />
            <ProductStatusBadge status={product.status} />
            <span className="break-all">{page}</span>
            <span data-testid="sold-count">{t("products:sold_count", { count: product.sold })}</span>
          </div>
        </div>
        <a href={page} target="_blank" rel="noopener" className={buttonClass("secondary", "sm:shrink-0")}>
          <ExternalLink aria-hidden className="size-4" />
          {t("products:view_page")}
          <span className="sr-only">{t("products:opens_in_new_tab")}</span>
        </a>
      </div>
      {product.kind === "course" ? (
        <CourseProductForm key={product.id} product={product} lang={lang} onSaved={reload} />
      ) : (
        <>
          <ProductForm
            key={product.id}
            product={product}
            courses={courses}
            lang={lang}
            currency={currency}
            vatRate={product.vat_rate}
            onSaved={reload}
          />
          <DeleteProduct product={product} />
        </>
      )}
    </div>
  );
}
