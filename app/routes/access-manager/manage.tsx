// /home/access-manager/{courseId}: the course access manager (spec §2: invite table with name and e-mail; §9:
// invitations left = quantity minus invitations used). For the buyer of a team purchase of the course (a student)
// and for admins; anyone else gets the 404 page. It lives under the public layout, not the admin area's (whose
// frame and navigation are for admins only), so that the buyer sees the school's usual look.
// A buyer with several team purchases of the course chooses one (?transaction=id; the newest by default).
import { Link, useLocation, useRevalidator } from "react-router";
import { clsx } from "clsx";
import { getAccessManager } from "#core/access-manager/get-access-manager.ts";
import { formatDate } from "#platform/i18n/format.ts";
import { translator } from "#platform/i18n/index.ts";
import { pageContext } from "#server/page-context.ts";
import { useT } from "#app/lib/i18n.tsx";
import { InviteForm } from "#app/features/access-manager/invite-form.tsx";
import { InvitationsTable } from "#app/features/access-manager/invitations-table.tsx";
import { FormAlert } from "#app/ui/field.tsx";
import { idFromText } from "#core/shared/ids.ts";
import type { Route } from "./+types/manage.ts";
import { EmptyState } from "#app/ui/empty-state.tsx";

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const root = matches[0]?.loaderData;
  const t = translator(root?.lang ?? "en");
  const course = loaderData?.course.title;
  return [
    { title: `${t("access:title")}${course ? ` · ${course}` : ""} · ${root?.school?.name ?? "Studium"}` },
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { services, request: ctx } = context.get(pageContext);
  const transactionId = idFromText(new URL(request.url).searchParams.get("transaction")) ?? null;
  const view = await getAccessManager(services.db, ctx.actor, { courseId: params.courseId, transactionId });
  // Who bought each purchase is shown to a manager of every buyer's purchases (an admin).
  const isAdmin = view.managesEvery;
  return {
    isAdmin,
    course: view.course,
    purchases: view.purchases.map((purchase) => ({
      id: purchase.id,
      quantity: purchase.quantity,
      left: purchase.left,
      date: formatDate(purchase.created_at, ctx.lang, ctx.school?.time_zone),
      buyer: isAdmin ? `${purchase.buyer_name} (${purchase.buyer_email})` : null,
    })),
    selected: view.selected && {
      id: view.selected.id,
      quantity: view.selected.quantity,
      used: view.selected.used,
      left: view.selected.left,
    },
    invitations: view.invitations.map((invitation) => ({
      id: invitation.id,
      name: invitation.name,
      email: invitation.email,
      status: invitation.status,
      date: formatDate(invitation.accepted_at ?? invitation.created_at, ctx.lang, ctx.school?.time_zone),
    })),
  };
}

/** Only keys this page's form can produce are shown from ?error= (the plain form's failures). */
function errorKey(search: string): string | undefined {
  const key = new URLSearchParams(search).get("error");
  return key && /^(validation|errors|access):[a-z_]+$/.test(key) ? key : undefined;
}

function Stat({ label, value, tone }: { label: string; value: number; tone?: "good" | "empty" }) {
  return (
    <div className="rounded-xl bg-white p-3 shadow-sm ring-1 ring-gray-200 sm:p-4">
      <dt className="text-xs break-words hyphens-auto text-muted sm:text-sm">{label}</dt>
      <dd
        className={clsx(
          "mt-1 text-2xl font-bold tabular-nums",
          tone === "good" && "text-emerald-700",
          tone === "empty" && "text-red-700",
        )}
      >
        {value}
      </dd>
    </div>
  );
}

export default function AccessManager({ loaderData: d }: Route.ComponentProps) {
  const t = useT();
  const location = useLocation();
  const revalidator = useRevalidator();
  const error = errorKey(location.search);
  const invited = new URLSearchParams(location.search).get("invited") === "1";
  const refresh = () => void revalidator.revalidate();
  const base = `/home/access-manager/${d.course.id}`;

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-6 sm:py-10">
      <nav aria-label={t("access:breadcrumb")}>
        <Link
          to={d.isAdmin ? "/home/transactions" : "/my"}
          className="text-sm font-semibold text-brand-700 underline underline-offset-4"
        >
          {t(d.isAdmin ? "access:back_to_transactions" : "access:back_to_my")}
        </Link>
      </nav>
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">{t("access:title")}</h1>
        <p className="mt-1 text-lg break-words text-ink">{d.course.title}</p>
        <p className="mt-2 text-muted">{t("access:intro")}</p>
      </div>

      <FormAlert message={error ? t(error) : undefined} />
      {invited && !error && (
        <p
          role="status"
          className="rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900"
        >
          {t("access:invited_notice")}
        </p>
      )}

      {d.purchases.length > 1 && (
        <nav aria-label={t("access:purchases")}>
          <h2 className="mb-2 text-sm font-semibold text-muted">{t("access:purchases")}</h2>
          <ul className="flex flex-wrap gap-2">
            {d.purchases.map((purchase) => (
              <li key={purchase.id}>
                <Link
                  to={`${base}?transaction=${purchase.id}`}
                  aria-current={d.selected?.id === purchase.id ? "page" : undefined}
                  className={clsx(
                    "inline-flex min-h-10 flex-col justify-center rounded-lg px-4 py-2 text-left text-sm ring-1",
                    d.selected?.id === purchase.id
                      ? "bg-brand-600 text-white ring-brand-600"
                      : "bg-white text-ink ring-gray-300 hover:bg-gray-50",
                  )}
                >
                  <span className="font-semibold">
                    {t("access:purchase_label", { date: purchase.date, count: purchase.quantity })}
                  </span>
                  {purchase.buyer && <span className="text-xs break-all opacity-90">{purchase.buyer}</span>}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}

      {!d.selected ? (
        <EmptyState text={t("access:no_purchases")} />
      ) : (
        <>
          {d.purchases.length === 1 && d.purchases[0]?.buyer && (
            <p className="text-sm break-all text-muted">{t("access:bought_by", { buyer: d.purchases[0].buyer })}</p>
          )}
          <dl className="grid grid-cols-3 gap-2 sm:gap-3" aria-label={t("access:seats")}>
            <Stat label={t("access:quantity")} value={d.selected.quantity} />
            <Stat label={t("access:used")} value={d.selected.used} />
            <Stat label={t("access:left")} value={d.selected.left} tone={d.selected.left > 0 ? "good" : "empty"} />
          </dl>

          {d.selected.left > 0 ? (
            <InviteForm courseId={d.course.id} transactionId={d.selected.id} onInvited={refresh} />
          ) : (
            <p
              role="status"
              className="rounded-md border border-amber-200 bg-amber-50 px-3 py-3 text-sm text-amber-900"
            >
              {t("access:none_left_notice")}
            </p>
          )}

          <section aria-labelledby="invitations-title" className="flex flex-col gap-3">
            <h2 id="invitations-title" className="text-lg font-semibold">
              {t("access:invitations")}
            </h2>
            <InvitationsTable courseId={d.course.id} invitations={d.invitations} onDeleted={refresh} />
          </section>
        </>
      )}
    </div>
  );
}
