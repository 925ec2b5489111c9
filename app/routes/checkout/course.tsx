// /{course}/checkout (spec §2 checkout and simplified checkout): the one-page checkout of a course.
import { CheckoutPage } from "#app/features/purchase/checkout-page.tsx";
import { loadCheckoutPage } from "./checkout-page.server.ts";
import type { Route } from "./+types/course.ts";

export function loader({ context, params, request }: Route.LoaderArgs) {
  return loadCheckoutPage(context, request, { courseSlug: params.slug });
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return matches[0]?.meta ?? [];
  return [
    { title: `${loaderData.view.product.title} · ${loaderData.schoolName}` },
    { name: "robots", content: "noindex" },
  ];
}

export default function CourseCheckout({ loaderData }: Route.ComponentProps) {
  return <CheckoutPage data={loaderData} />;
}
