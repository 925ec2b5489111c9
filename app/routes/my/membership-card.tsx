// /my/membership/card (issue 15 item 5, spec §2: the card update page, RSA variant): the membership's current
// card, the charge the new card pays at once when one is open, and the payment information block (card-form.tsx:
// brand logo, valid/invalid styling; the card is encrypted in the browser). Saving posts only the cypher to POST
// /my/membership/card; the answer's redirect goes back to /my/membership (or to the bank for 3-D Secure), its
// errors show under the card (`cypher`, `card`) or above the button (`sale`, `membership`) in the page's language.
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { ArrowLeft, CreditCard } from "lucide-react";
import { cardProcessors } from "#core/memberships/card/card-processors.ts";
import { getCardUpdateView } from "#core/memberships/get-card-update-view.ts";
import { formIdSchema } from "#core/shared/ids.ts";
import { pageContext } from "#server/page-context.ts";
import { api, ApiError } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { pageTitle } from "#app/lib/page-title.ts";
import { CardForm } from "#app/features/memberships/card-form.tsx";
import { useMoney } from "#app/features/purchase/money.ts";
import { Button, buttonClass } from "#app/ui/button.tsx";
import { EmptyState } from "#app/ui/empty-state.tsx";
import { FormAlert } from "#app/ui/field.tsx";
import type { Route } from "./+types/membership-card.ts";

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches[0]?.loaderData, "memberships_card:title");
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, request: ctx } = context.get(pageContext);
  const asked = formIdSchema.safeParse(new URL(request.url).searchParams.get("membership") ?? undefined);
  return getCardUpdateView(services.db, ctx.actor, {
    membershipId: asked.success ? asked.data : undefined,
    processorFor: cardProcessors({
      config: services.config,
      testPayments: async () => (await services.payments.get("test")) !== null,
    }),
  });
}

type Errors = Partial<Record<"cypher" | "card" | "sale" | "membership", string[]>>;

function CardUpdateForm({ membershipId, publicKey }: { membershipId: number; publicKey: string }) {
  const t = useT();
  const navigate = useNavigate();
  const [cypher, setCypher] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<string>();

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    setMessage(undefined);
    if (!cypher) {
      setErrors({ cypher: [t("card:failure_check_details")] });
      return;
    }
    setBusy(true);
    try {
      const answer = await api<{ redirect: string }>(
        "POST",
        "/my/membership/card",
        { membership_id: membershipId, cypher },
        { handled: [404, 422, 429] },
      );
      // 3-D Secure sends the member to the bank, which brings them back to /my/membership.
      if (/^https?:\/\//.test(answer.redirect)) window.location.assign(answer.redirect);
      else await navigate(answer.redirect);
    } catch (error) {
      if (error instanceof ApiError) {
        setErrors(error.errors as Errors);
        if (Object.keys(error.errors).length === 0) setMessage(error.message);
      }
      setBusy(false);
    }
  }

  const cardError = [...(errors.cypher ?? []), ...(errors.card ?? [])].join(" ") || undefined;
  const formError = [...(errors.sale ?? []), ...(errors.membership ?? [])].join(" ") || message;
  return (
    <form onSubmit={save} noValidate className="flex flex-col gap-5" data-card-update>
      <CardForm
        publicKeyBase64={publicKey}
        submitted={submitted}
        serverError={cardError}
        onChange={(change) => {
          setCypher(change.cypher);
          if (change.cypher === null && Object.keys(errors).length > 0) setErrors({});
        }}
      />
      <FormAlert message={formError} />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={busy} aria-disabled={busy || undefined}>
          {busy ? t("memberships_card:saving") : t("memberships_card:save")}
        </Button>
        <Link to="/my/membership" className={buttonClass("ghost")}>
          <ArrowLeft aria-hidden className="size-4" />
          {t("memberships_card:back")}
        </Link>
      </div>
    </form>
  );
}

export default function MembershipCardPage({ loaderData: { membership, public_key } }: Route.ComponentProps) {
  const t = useT();
  const money = useMoney(membership?.open_charge?.currency ?? "PLN");
  return (
    <div className="flex max-w-xl flex-col gap-6">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("memberships_card:title")}</h1>
      {!membership ? (
        <EmptyState icon={CreditCard} title={t("memberships_card:no_membership")} text="" />
      ) : (
        <section
          aria-labelledby="card-plan"
          className="flex flex-col gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200 sm:p-6"
        >
          <div>
            <h2 id="card-plan" className="text-xl font-semibold break-words">
              {membership.plan_name}
            </h2>
            <p className="text-sm text-muted">{t("memberships_card:intro")}</p>
          </div>
          <dl className="text-sm">
            <dt className="text-muted">{t("memberships_card:current_card")}</dt>
            <dd className="flex items-center gap-2 font-medium" data-testid="current-card">
              <CreditCard aria-hidden className="size-4" />
              {membership.card
                ? t("memberships:card_value", {
                    brand: t(`memberships:brand_${membership.card.brand}`),
                    last4: membership.card.last4,
                  })
                : t("memberships_card:no_card")}
            </dd>
          </dl>
          {membership.open_charge && (
            <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="open-charge">
              {t("memberships_card:open_charge", { amount: money(membership.open_charge.amount_cents) })}
            </p>
          )}
          {public_key ? (
            <CardUpdateForm membershipId={membership.id} publicKey={public_key} />
          ) : (
            <FormAlert message={t("memberships_card:provider_unsupported")} />
          )}
        </section>
      )}
    </div>
  );
}
