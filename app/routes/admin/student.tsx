// /home/students/:studentId: one person as the admin sees them (the author link of a comment leads here): their
// details, the courses they can open with their progress, and their newest purchases linking to the details.
import { Link } from "react-router";
import { ArrowLeft } from "lucide-react";
import { getStudentOverview } from "#core/admin/get-student-overview.ts";
import { idFromText } from "#core/shared/ids.ts";
import { formatDate, formatDateTime } from "#platform/i18n/format.ts";
import { formatMoney } from "#core/shared/money.ts";
import { translator } from "#platform/i18n/index.ts";
import { pageContext } from "#server/page-context.ts";
import { useT } from "#app/lib/i18n.tsx";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import { TransactionStatusBadge } from "#app/features/transactions/status-badge.tsx";
import { FactList, Panel } from "#app/ui/panel.tsx";
import type { Route } from "./+types/student.ts";

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const tags = adminMeta(matches[0]?.loaderData, "admin:student_title");
  if (!loaderData) return tags;
  const school = matches[0]?.loaderData?.school?.name ?? "Studium";
  return [{ title: `${loaderData.student.name} · ${school}` }, ...tags.slice(1)];
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const { services, request: ctx } = context.get(pageContext);
  const id = idFromText(params.studentId);
  const overview = id ? await getStudentOverview(services.db, ctx.actor, id) : null;
  if (!overview) throw new Response(null, { status: 404 });
  const t = translator(ctx.lang);
  const date = (value: string) => formatDate(value, ctx.lang, ctx.school?.time_zone);
  return {
    student: {
      name: overview.student.name,
      email: overview.student.email,
      role: overview.student.role,
      joined: date(overview.student.created_at),
      lastSeen: overview.student.last_seen_at
        ? formatDateTime(overview.student.last_seen_at, ctx.lang, ctx.school?.time_zone)
        : null,
    },
    courses: overview.courses.map((course) => ({
      key: `${course.course_id}-${course.starts_at}`,
      courseId: course.course_id,
      title: course.title,
      access: [
        t(`authoring:access_source_${course.source}`),
        course.revoked_at
          ? t("admin:student_access_revoked", { date: date(course.revoked_at) })
          : course.ends_at
            ? t("admin:student_access_until", { date: date(course.ends_at) })
            : "",
      ]
        .filter(Boolean)
        .join(", "),
      progress: t("admin:student_progress_value", { completed: course.completed, lectures: course.lectures }),
    })),
    transactions: overview.transactions.map((row) => ({
      id: row.id,
      status: row.status,
      product: row.product_title,
      total: formatMoney(row.total_cents, row.currency, ctx.lang),
      date: date(row.created_at),
    })),
  };
}

const th = "px-4 py-3";
const td = "px-4 py-3 align-top";

export default function Student({ loaderData: d }: Route.ComponentProps) {
  const t = useT();
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <div>
        <Link
          to="/home/transactions"
          className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 underline underline-offset-4"
        >
          <ArrowLeft aria-hidden className="size-4" />
          {t("admin:student_back")}
        </Link>
        <h1 className="mt-2 text-2xl font-bold break-words sm:text-3xl">{d.student.name}</h1>
      </div>

      <Panel title={t("admin:student_details")}>
        <FactList
          items={[
            [
              t("admin:student_email"),
              <a key="email" className="underline underline-offset-4" href={`mailto:${d.student.email}`}>
                {d.student.email}
              </a>,
            ],
            [t("admin:student_role"), t(`admin:role_${d.student.role}`)],
            [t("admin:student_joined"), d.student.joined],
            [t("admin:student_last_seen"), d.student.lastSeen ?? t("admin:student_never_seen")],
          ]}
        />
      </Panel>

      <Panel title={t("admin:student_courses")}>
        {d.courses.length === 0 ? (
          <p className="text-sm text-muted">{t("admin:student_no_courses")}</p>
        ) : (
          <div className="-mx-4 overflow-x-auto sm:mx-0">
            <table className="w-full text-left text-sm">
              <thead className="border-b border-gray-200 text-xs font-semibold tracking-wide text-muted uppercase">
                <tr>
                  <th scope="col" className={th}>
                    {t("admin:student_course")}
                  </th>
                  <th scope="col" className={th}>
                    {t("admin:student_access")}
                  </th>
                  <th scope="col" className={th}>
                    {t("admin:student_progress")}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100">
                {d.courses.map((course) => (
                  <tr key={course.key}>
                    <td className={td}>
                      <Link
                        className="font-medium underline underline-offset-4"
                        to={`/home/courses/${course.courseId}`}
                      >
                        {course.title}
                      </Link>
                    </td>
                    <td className={td}>{course.access}</td>
                    <td className={td}>{course.progress}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Panel>

      <Panel title={t("admin:student_purchases")}>
        {d.transactions.length === 0 ? (
          <p className="text-sm text-muted">{t("admin:student_no_purchases")}</p>
        ) : (
          <div className="-mx-4 overflow-x-auto sm:mx-0">
            <table className="w-full text-left text-sm">
              <thead className="border-b border-gray-200 text-xs font-semibold tracking-wide text-muted uppercase">
                <tr>
                  <th scope="col" className={th}>
                    {t("admin:student_date")}
                  </th>
                  <th scope="col" className={th}>
                    {t("admin:student_product")}
                  </th>
                  <th scope="col" className={th}>
                    {t("admin:student_status")}
                  </th>
                  <th scope="col" className={`${th} text-right`}>
                    {t("admin:student_total")}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100">
                {d.transactions.map((row) => (
                  <tr key={row.id}>
                    <td className={td}>
                      <Link className="underline underline-offset-4" to={`/home/transactions/${row.id}`}>
                        {row.date}
                      </Link>
                    </td>
                    <td className={td}>{row.product}</td>
                    <td className={td}>
                      <TransactionStatusBadge status={row.status} />
                    </td>
                    <td className={`${td} text-right whitespace-nowrap`}>{row.total}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Link
          className="self-start text-sm font-semibold text-brand-700 underline underline-offset-4"
          to={`/home/transactions?q=${encodeURIComponent(d.student.email)}`}
        >
          {t("admin:student_all_transactions")}
        </Link>
      </Panel>
    </div>
  );
}
