// /products/{slug}/checkout (spec §2 checkout): the one-page checkout of a product other than a course (bundle,
// consultation, live event, file). Its sales page /products/{slug} lives elsewhere.
import { CheckoutPage } from "#app/features/purchase/checkout-page.tsx";
import { loadCheckoutPage } from "./checkout-page.server.ts";
import type { Route } from "./+types/product.ts";

export function loader({ context, params, request }: Route.LoaderArgs) {
  return loadCheckoutPage(context, request, { productSlug: params.slug });
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return matches[0]?.meta ?? [];
  return [
    { title: `${loaderData.view.product.title} · ${loaderData.schoolName}` },
    { name: "robots", content: "noindex" },
  ];
}

export default function ProductCheckout({ loaderData }: Route.ComponentProps) {
  return <CheckoutPage data={loaderData} />;
}
