// /transaction/{hash}: the payment status page (spec §2 thank-you, payment pending and payment failure pages; §4).
// The server renders the current state, so a settled payment shows at once (and without the page's script);
// a pending one is polled in the browser.
import { AppError } from "#core/errors.ts";
import { getTransactionView } from "#core/selling/transaction-status.ts";
import { pageContext } from "#server/page-context.ts";
import { PaymentStatus } from "#app/features/purchase/payment-status.tsx";
import type { Route } from "./+types/transaction.ts";

export async function loader({ context, params }: Route.LoaderArgs) {
  const { request: ctx, services } = context.get(pageContext);
  const view = await getTransactionView(services.db, params.hash);
  if (!view) throw new AppError("not_found");
  return { view, schoolName: ctx.school?.name ?? "Studium" };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return matches[0]?.meta ?? [];
  return [
    { title: `${loaderData.view.transaction.product_title} · ${loaderData.schoolName}` },
    { name: "robots", content: "noindex" },
  ];
}

export default function TransactionStatusPage({ loaderData }: Route.ComponentProps) {
  // Keyed by the hash: another transaction's page starts its own poll.
  return <PaymentStatus key={loaderData.view.transaction.hash} initial={loaderData.view} />;
}
