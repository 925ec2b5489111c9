// /home/memberships/members: every membership for the admin, newest first, filtered by status and searched by the
// member's name or e-mail, a page at a time, each leading to the member's history and the manual extend / end.
import { Link } from "react-router";
import { listMembers } from "#core/memberships/admin/list-members.ts";
import { memberFiltersFrom, memberFiltersQuery } from "#core/memberships/admin/schemas.ts";
import { formatMoney } from "#core/shared/money.ts";
import { formatDate } from "#platform/i18n/format.ts";
import { pageContext } from "#server/page-context.ts";
import { useT } from "#app/lib/i18n.tsx";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import { MembersFilters } from "#app/features/memberships-admin/members-filters.tsx";
import { MemberStatusBadge } from "#app/features/memberships-admin/member-status-badge.tsx";
import { DataTable } from "#app/ui/data-table.tsx";
import { EmptyState } from "#app/ui/empty-state.tsx";
import { Pager } from "#app/ui/pager.tsx";
import type { Route } from "./+types/memberships-members.ts";

const PAGE = "/home/memberships/members";

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches[0]?.loaderData, "memberships_admin:members_title");
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, request: ctx } = context.get(pageContext);
  const filters = memberFiltersFrom(new URL(request.url).searchParams);
  const list = await listMembers(services.db, ctx.actor, filters);
  const zone = ctx.school?.time_zone;
  return {
    filters,
    count: list.count,
    page: list.page,
    pages: list.pages,
    members: list.members.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      plan: row.plan_name,
      status: row.status,
      price: formatMoney(row.price_cents, row.currency, ctx.lang),
      periodMonths: row.period_months,
      periodEnd: row.current_period_end ? formatDate(row.current_period_end, ctx.lang, zone) : "",
    })),
  };
}

export default function MembershipMembers({ loaderData: d }: Route.ComponentProps) {
  const t = useT();
  const period = (months: number) => t(`memberships:period_${months < 0 ? "lifetime" : months}`);
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <div>
        <Link to="/home/memberships" className="text-sm text-brand-700 underline underline-offset-4">
          {t("memberships:title")}
        </Link>
        <h1 className="mt-1 text-2xl font-bold sm:text-3xl">{t("memberships_admin:members_title")}</h1>
        <p className="mt-1 text-muted">{t("memberships_admin:members_intro")}</p>
      </div>
      <MembersFilters action={PAGE} filters={d.filters} />
      <p className="font-semibold" aria-live="polite">
        {t("memberships_admin:found", { count: d.count })}
      </p>
      {d.members.length === 0 ? (
        <EmptyState text={t("memberships_admin:empty")} />
      ) : (
        <DataTable
          framed
          caption={t("memberships_admin:members_title")}
          rows={d.members}
          rowKey={(row) => row.id}
          rowProps={(row) => ({ "data-membership": row.id })}
          columns={[
            {
              key: "member",
              header: t("memberships_admin:col_member"),
              rowHeader: true,
              cell: (row) => (
                <>
                  <Link
                    to={`${PAGE}/${row.id}`}
                    className="font-semibold break-words text-brand-700 underline underline-offset-4"
                    aria-label={t("memberships_admin:details_of", { name: row.name })}
                  >
                    {row.name}
                  </Link>
                  <p className="text-xs break-all text-muted">{row.email}</p>
                  <p className="mt-1 text-xs break-words md:hidden">{row.plan}</p>
                  <p className="mt-1 sm:hidden">
                    <MemberStatusBadge status={row.status} />
                  </p>
                </>
              ),
            },
            {
              key: "plan",
              header: t("memberships_admin:col_plan"),
              className: "hidden break-words md:table-cell",
              cell: (row) => row.plan,
            },
            {
              key: "status",
              header: t("memberships_admin:col_status"),
              className: "hidden sm:table-cell",
              cell: (row) => <MemberStatusBadge status={row.status} />,
            },
            {
              key: "period_end",
              header: t("memberships_admin:col_period_end"),
              className: "hidden whitespace-nowrap lg:table-cell",
              cell: (row) => row.periodEnd,
            },
            {
              key: "price",
              header: t("memberships_admin:col_price"),
              align: "right",
              className: "whitespace-nowrap tabular-nums",
              cell: (row) => `${row.price} / ${period(row.periodMonths)}`,
            },
          ]}
        />
      )}
      <Pager
        page={d.page}
        pages={d.pages}
        hrefFor={(page) => {
          const q = memberFiltersQuery(d.filters, { page });
          return `${PAGE}${q ? `?${q}` : ""}`;
        }}
      />
    </div>
  );
}
