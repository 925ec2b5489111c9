// /home/promo-codes: every promo code (spec §5, §8) with its discount, validity, uses against its limit, the
// product it is limited to and its status now (active, scheduled, expired, used up), and the way to a new one.
// After a save (?saved=) or a deletion (?removed=deleted|deactivated) the page says so once.
import { useEffect, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { Plus } from "lucide-react";
import { listPromoCodes } from "#core/promo/list-promo-codes.ts";
import { pageContext } from "#server/page-context.ts";
import { useT } from "#app/lib/i18n.tsx";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import { promoCodeRow, promoErrorFromQuery } from "#app/features/promo/page-data.ts";
import { PromoStatusBadge } from "#app/features/promo/promo-badges.tsx";
import { buttonClass } from "#app/ui/button.tsx";
import { FormAlert } from "#app/ui/field.tsx";
import { toast } from "#app/ui/toast.tsx";
import { EmptyState } from "#app/ui/empty-state.tsx";
import type { Route } from "./+types/promo-codes.ts";

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches[0]?.loaderData, "promo:title");
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services, request: ctx } = context.get(pageContext);
  const currency = ctx.school?.currency ?? "EUR";
  const codes = await listPromoCodes(services.db, ctx.actor);
  return { codes: codes.map((promo) => promoCodeRow(promo, ctx.lang, currency)) };
}

/**
 * The one-time notice after a redirect here: a save is a toast; a deletion stays on the page as a notice, as a
 * code that purchases used is deactivated instead, and the admin must not miss that.
 */
function useNotice(): "deleted" | "deactivated" | null {
  const t = useT();
  const location = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(location.search);
  const saved = params.get("saved");
  const removedParam = params.get("removed");
  const [removed] = useState<"deleted" | "deactivated" | null>(
    removedParam === "deleted" || removedParam === "deactivated" ? removedParam : null,
  );
  useEffect(() => {
    if (!saved && !removedParam) return;
    if (saved) toast.success(t("promo:saved_toast", { code: saved }));
    void navigate(location.pathname, { replace: true });
  }, [saved, removedParam, t, navigate, location.pathname]);
  return removed;
}

export default function PromoCodesPage({ loaderData: { codes } }: Route.ComponentProps) {
  const t = useT();
  const location = useLocation();
  const error = promoErrorFromQuery(location.search);
  const removed = useNotice();
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">{t("promo:title")}</h1>
          <p className="mt-1 max-w-3xl text-muted">{t("promo:intro")}</p>
        </div>
        <Link to="/home/promo-codes/new" className={buttonClass("primary")}>
          <Plus aria-hidden className="size-4" />
          {t("promo:new_title")}
        </Link>
      </div>
      <FormAlert message={error ? t(error) : undefined} />
      {removed && (
        <p
          role="status"
          className={
            removed === "deactivated"
              ? "rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
              : "rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900"
          }
        >
          {t(removed === "deleted" ? "promo:deleted" : "promo:deactivated_instead")}
        </p>
      )}
      {codes.length === 0 ? (
        <EmptyState title={t("promo:empty")} text={t("promo:empty_text")} />
      ) : (
        <ul
          aria-label={t("promo:title")}
          className="divide-y divide-gray-100 rounded-xl bg-white shadow-sm ring-1 ring-gray-200"
        >
          {codes.map((promo) => (
            <li
              key={promo.id}
              data-promo-code={promo.code}
              className="flex flex-col gap-3 p-4 sm:px-5 md:flex-row md:items-center md:gap-4"
            >
              <div className="min-w-0 md:w-56 md:shrink-0">
                <div className="flex flex-wrap items-center gap-2">
                  <Link
                    to={`/home/promo-codes/${promo.id}`}
                    className="font-mono font-semibold break-all text-brand-700 underline-offset-4 hover:underline"
                  >
                    {promo.code}
                  </Link>
                  <PromoStatusBadge status={promo.status} />
                </div>
                <p className="mt-0.5 text-sm break-words text-muted">{promo.scope ?? t("promo:scope_all")}</p>
              </div>
              <dl className="grid flex-1 grid-cols-2 gap-3 text-sm sm:grid-cols-3">
                <div>
                  <dt className="text-xs text-muted">{t("promo:discount")}</dt>
                  <dd className="font-medium tabular-nums">{promo.discount}</dd>
                </div>
                <div>
                  <dt className="text-xs text-muted">{t("promo:uses")}</dt>
                  <dd className="font-medium tabular-nums">
                    {promo.limit === null
                      ? t("promo:uses_unlimited", { used: promo.used })
                      : t("promo:uses_of", { used: promo.used, limit: promo.limit })}
                  </dd>
                </div>
                <div className="col-span-2 sm:col-span-1">
                  <dt className="text-xs text-muted">{t("promo:validity")}</dt>
                  <dd className="font-medium">
                    {promo.starts && promo.ends
                      ? t("promo:valid_between", { start: promo.starts, end: promo.ends })
                      : promo.starts
                        ? t("promo:valid_from", { start: promo.starts })
                        : promo.ends
                          ? t("promo:valid_until", { end: promo.ends })
                          : t("promo:valid_always")}
                  </dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
