// /home/products/new: a new bundle, consultation, live event or file product (course products are made with their
// course). The form opens the product's editor once it is created.
import { Link } from "react-router";
import { ChevronLeft } from "lucide-react";
import { listCourseOptions } from "#core/products/list-course-options.ts";
import { pageContext } from "#server/page-context.ts";
import { useT } from "#app/lib/i18n.tsx";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import { ProductForm } from "#app/features/products/product-form.tsx";
import type { Route } from "./+types/products-new.ts";

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches[0]?.loaderData, "products:new_product");
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services, request: ctx } = context.get(pageContext);
  return {
    courses: await listCourseOptions(services.db, ctx.actor),
    lang: ctx.lang,
    currency: ctx.school?.currency ?? "EUR",
    vatRate: ctx.school?.vat_rate ?? 0,
  };
}

export default function NewProductPage({ loaderData: { courses, lang, currency, vatRate } }: Route.ComponentProps) {
  const t = useT();
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <Link
        to="/home/products"
        className="inline-flex items-center gap-1 self-start text-sm font-medium text-brand-700 hover:underline"
      >
        <ChevronLeft aria-hidden className="size-4" />
        {t("products:all_products")}
      </Link>
      <h1 className="text-2xl font-bold sm:text-3xl">{t("products:new_product")}</h1>
      <ProductForm product={null} courses={courses} lang={lang} currency={currency} vatRate={vatRate} />
    </div>
  );
}
