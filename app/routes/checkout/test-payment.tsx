// /payments/test/{hash}: the built-in test provider's simulated payment page (the selling issue, item 4). It says
// plainly that it is a test; Pay and Fail post to /payments/test/{hash}/pay|fail (JSON once the page's script
// runs, a plain form before), which answer with the status page. Only test-provider transactions have one; a
// payment already decided goes straight to its status page.
import { AppError } from "#core/errors.ts";
import { redirect } from "react-router";
import { getTestPaymentView } from "#core/selling/get-test-payment-view.ts";
import { pageContext } from "#server/page-context.ts";
import { TestPayment } from "#app/features/purchase/test-payment.tsx";
import type { Route } from "./+types/test-payment.ts";

export async function loader({ context, params }: Route.LoaderArgs) {
  const { request: ctx, services } = context.get(pageContext);
  const [view, provider] = await Promise.all([
    getTestPaymentView(services.db, params.hash),
    services.payments.get("test"),
  ]);
  if (!view || !provider) throw new AppError("not_found");
  if (!view.open) throw redirect(`/transaction/${view.hash}`);
  return { view, schoolName: ctx.school?.name ?? "Studium" };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return matches[0]?.meta ?? [];
  return [
    { title: `${loaderData.view.product_title} · ${loaderData.schoolName}` },
    { name: "robots", content: "noindex" },
  ];
}

export default function TestPaymentPage({ loaderData }: Route.ComponentProps) {
  return <TestPayment view={loaderData.view} merchant={loaderData.schoolName} />;
}
