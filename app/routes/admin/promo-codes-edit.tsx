// /home/promo-codes/:id: changes a promo code (PUT /home/promo-codes/:id) or deletes it. A code that purchases
// used is not deleted but ended now (the server says which happened; the list shows it).
import { AppError } from "#core/errors.ts";
import { Link, useLocation, useNavigate } from "react-router";
import { ArrowLeft, Trash2 } from "lucide-react";
import { getPromoCode } from "#core/promo/list-promo-codes.ts";
import { listScopeOptions } from "#core/promo/list-scope-options.ts";
import { pageContext } from "#server/page-context.ts";
import { api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import { ConfirmDialog } from "#app/ui/confirm-dialog.tsx";
import { promoErrorFromQuery } from "#app/features/promo/page-data.ts";
import { PromoStatusBadge } from "#app/features/promo/promo-badges.tsx";
import { PromoCodeForm } from "#app/features/promo/promo-code-form.tsx";
import { Button } from "#app/ui/button.tsx";
import { idFromText } from "#core/shared/ids.ts";
import type { Route } from "./+types/promo-codes-edit.ts";

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches[0]?.loaderData, "promo:title");
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const id = idFromText(params.id);
  const { services, request: ctx } = context.get(pageContext);
  const promo = id ? await getPromoCode(services.db, ctx.actor, id) : null;
  if (!promo) throw new AppError("not_found");
  return {
    promo,
    scopeOptions: await listScopeOptions(services.db, ctx.actor),
    lang: ctx.lang,
    currency: ctx.school?.currency ?? "EUR",
  };
}

function DeletePromoCode({ id, code }: { id: number; code: string }) {
  const t = useT();
  const navigate = useNavigate();
  return (
    <ConfirmDialog
      trigger={
        <Button variant="secondary" className="self-start text-red-700">
          <Trash2 aria-hidden className="size-4" />
          {t("promo:delete")}
        </Button>
      }
      title={t("promo:delete_title", { code })}
      description={t("promo:delete_text")}
      confirmLabel={t("promo:delete")}
      onConfirm={async () => {
        const { outcome } = await api<{ outcome: "deleted" | "deactivated" }>("DELETE", `/home/promo-codes/${id}`);
        await navigate(`/home/promo-codes?removed=${outcome}`);
      }}
    />
  );
}

export default function EditPromoCodePage({ loaderData: d }: Route.ComponentProps) {
  const t = useT();
  const location = useLocation();
  const error = promoErrorFromQuery(location.search);
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <Link
        to="/home/promo-codes"
        className="inline-flex items-center gap-1 self-start text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
      >
        <ArrowLeft aria-hidden className="size-4" />
        {t("promo:back")}
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold break-all sm:text-3xl">{t("promo:edit_title", { code: d.promo.code })}</h1>
        <PromoStatusBadge status={d.promo.status} />
      </div>
      <p className="-mt-3 text-sm text-muted">
        {t("promo:uses")}:{" "}
        <span className="tabular-nums">
          {d.promo.usage_limit < 0
            ? t("promo:uses_unlimited", { used: d.promo.used_count })
            : t("promo:uses_of", { used: d.promo.used_count, limit: d.promo.usage_limit })}
        </span>
      </p>
      <PromoCodeForm
        key={d.promo.id}
        promo={d.promo}
        scopeOptions={d.scopeOptions}
        lang={d.lang}
        currency={d.currency}
        queryError={error ? t(error) : undefined}
      />
      <DeletePromoCode id={d.promo.id} code={d.promo.code} />
    </div>
  );
}
