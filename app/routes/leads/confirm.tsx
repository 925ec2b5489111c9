// /leads/confirm/{token}: the double opt-in's link (issue 16, item 4). No login. The page says whether the link is
// good and offers the confirming button: a plain form posting to this address (server/api/leads.ts), which
// confirms and comes back here. Opening the page changes nothing (a mail scanner following links confirms
// nothing). An unknown, used-up or expired link: 404 with a plain message.
import { data } from "react-router";
import { CheckCircle2, MailCheck } from "lucide-react";
import { findLeadConfirmation, type LeadConfirmation } from "#core/leads/confirm-lead.ts";
import { isAppError } from "#core/errors.ts";
import { translator } from "#platform/i18n/index.ts";
import { pageContext } from "#server/page-context.ts";
import { CsrfField } from "#app/features/accounts/csrf-field.tsx";
import { useT } from "#app/lib/i18n.tsx";
import { Button } from "#app/ui/button.tsx";
import type { Route } from "./+types/confirm.ts";

export function meta({ matches }: Route.MetaArgs) {
  const root = matches[0]?.loaderData;
  const t = translator(root?.lang ?? "en");
  return [
    { title: `${t("leads:confirm_title")} · ${root?.school?.name ?? "Studium"}` },
    { name: "robots", content: "noindex" },
    { name: "referrer", content: "no-referrer" },
  ];
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const { services } = context.get(pageContext);
  const token = params.token ?? "";
  try {
    const view: LeadConfirmation = await findLeadConfirmation(services.db, token);
    return { token, view };
  } catch (error) {
    if (isAppError(error) && error.code === "not_found") return data({ token, view: null }, { status: 404 });
    throw error;
  }
}

export default function ConfirmLead({ loaderData: d }: Route.ComponentProps) {
  const t = useT();
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-10 sm:py-16">
      <div className="flex flex-col gap-5 rounded-xl bg-white p-6 shadow-sm ring-1 ring-gray-200 sm:p-8">
        <div className="flex items-start gap-3">
          <MailCheck aria-hidden className="mt-1 size-7 shrink-0 text-brand-600" />
          <h1 className="text-2xl font-bold">{t("leads:confirm_title")}</h1>
        </div>
        {!d.view && (
          <p role="status" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-3 text-sm text-amber-900">
            {t("leads:confirm_invalid")}
          </p>
        )}
        {d.view?.state === "confirmed" && (
          <p
            role="status"
            className="flex items-start gap-2 rounded-md border border-emerald-200 bg-emerald-50 px-3 py-3 text-sm text-emerald-900"
          >
            <CheckCircle2 aria-hidden className="size-5 shrink-0" />
            <span>{t("leads:confirm_done")}</span>
          </p>
        )}
        {d.view?.state === "pending" && (
          <form method="post" action={`/leads/confirm/${encodeURIComponent(d.token)}`} className="flex flex-col gap-4">
            <p>{t("leads:confirm_intro")}</p>
            <CsrfField />
            <div>
              <Button type="submit">{t("leads:confirm_button")}</Button>
            </div>
          </form>
        )}
      </div>
    </div>
  );
}
