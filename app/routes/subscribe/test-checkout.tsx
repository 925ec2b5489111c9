// /subscribe/test/{hash}: the test provider's simulated payment page of a membership checkout. A checkout already
// decided goes to the member's page.
import { redirect } from "react-router";
import { AppError } from "#core/errors.ts";
import { getTestCheckoutView } from "#core/memberships/get-test-checkout-view.ts";
import { pageContext } from "#server/page-context.ts";
import { TestCheckout } from "#app/features/memberships/test-checkout.tsx";
import type { Route } from "./+types/test-checkout.ts";

export async function loader({ context, params }: Route.LoaderArgs) {
  const { request: ctx, services } = context.get(pageContext);
  const [view, provider] = await Promise.all([
    getTestCheckoutView(services.db, params.hash),
    services.payments.get("test"),
  ]);
  if (!view || !provider) throw new AppError("not_found");
  if (!view.open) throw redirect("/my/membership");
  return { view, schoolName: ctx.school?.name ?? "Studium" };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return matches[0]?.meta ?? [];
  return [{ title: `${loaderData.view.plan_name} · ${loaderData.schoolName}` }, { name: "robots", content: "noindex" }];
}

export default function TestCheckoutPage({ loaderData }: Route.ComponentProps) {
  return <TestCheckout view={loaderData.view} merchant={loaderData.schoolName} />;
}
