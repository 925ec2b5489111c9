// /subscribe/checkout?plan=<id> (spec §2, §7): the subscribe checkout of a membership plan (issue 15).
import { useLocation } from "react-router";
import { getSubscribeView } from "#core/memberships/get-subscribe-view.ts";
import { isSignedIn } from "#core/shared/actor.ts";
import { pageContext } from "#server/page-context.ts";
import { membershipErrorFromQuery } from "#app/features/memberships/page-data.ts";
import { SubscribeCheckout } from "#app/features/memberships/subscribe-checkout.tsx";
import { useT } from "#app/lib/i18n.tsx";
import type { Route } from "./+types/checkout.ts";

export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, request: ctx } = context.get(pageContext);
  const plan = new URL(request.url).searchParams.get("plan");
  const view = await getSubscribeView(services.db, ctx.actor, plan);
  return {
    view,
    signedIn: isSignedIn(ctx.actor),
    providerOn: Boolean(await services.payments.get("test")),
    stripeOn: Boolean(await services.payments.get("stripe")),
    schoolName: ctx.school?.name ?? "Studium",
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return matches[0]?.meta ?? [];
  return [{ title: `${loaderData.view.plan.name} · ${loaderData.schoolName}` }, { name: "robots", content: "noindex" }];
}

export default function SubscribeCheckoutPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const location = useLocation();
  const error = membershipErrorFromQuery(location.search);
  return (
    <SubscribeCheckout
      view={loaderData.view}
      signedIn={loaderData.signedIn}
      providerOn={loaderData.providerOn}
      stripeOn={loaderData.stripeOn}
      queryError={error ? t(error) : undefined}
      declined={new URLSearchParams(location.search).has("declined")}
    />
  );
}
