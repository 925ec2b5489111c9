// /home/students/:studentId: one person as the admin sees them (the author link of a comment leads here): their
// details, the courses they can open with their progress, and their newest purchases linking to the details.
import { AppError } from "#core/errors.ts";
import { Link, useLocation } from "react-router";
import { BackToStudents } from "#app/features/students/back-to-students.tsx";
import { getStudentOverview } from "#core/admin/get-student-overview.ts";
import { getStudentTags } from "#core/students/get-student-tags.ts";
import { listTags } from "#core/students/list-tags.ts";
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
import { DataTable } from "#app/ui/data-table.tsx";
import { EmptyState } from "#app/ui/empty-state.tsx";
import { TagsPanel } from "#app/features/students/tags-panel.tsx";
import { PrivacyPanel, privacyErrorFromQuery } from "#app/features/students/privacy-panel.tsx";
import { getErasure } from "#core/privacy/get-erasure.ts";

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
  if (!overview) throw new AppError("not_found");
  const [tags, known, erasure] = await Promise.all([
    getStudentTags(services.db, ctx.actor, overview.student.id),
    listTags(services.db, ctx.actor),
    getErasure(services.db, ctx.actor, overview.student.id),
  ]);
  const t = translator(ctx.lang);
  const date = (value: string) => formatDate(value, ctx.lang, ctx.school?.time_zone);
  return {
    erased: erasure !== null,
    tags,
    known: known.map(({ id, name, public: isPublic }) => ({ id, name, public: isPublic })),
    student: {
      id: overview.student.id,
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

export default function Student({ loaderData: d }: Route.ComponentProps) {
  const t = useT();
  const { search } = useLocation();
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <div>
        <BackToStudents />
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

      <TagsPanel studentId={d.student.id} tags={d.tags} known={d.known} />

      <Panel title={t("admin:student_courses")}>
        {d.courses.length === 0 ? (
          <EmptyState plain text={t("admin:student_no_courses")} className="text-sm" />
        ) : (
          <DataTable
            className="-mx-4 sm:mx-0"
            caption={t("admin:student_courses")}
            rows={d.courses}
            rowKey={(course) => course.key}
            columns={[
              {
                key: "course",
                header: t("admin:student_course"),
                cell: (course) => (
                  <Link className="font-medium underline underline-offset-4" to={`/home/courses/${course.courseId}`}>
                    {course.title}
                  </Link>
                ),
              },
              { key: "access", header: t("admin:student_access"), cell: (course) => course.access },
              { key: "progress", header: t("admin:student_progress"), cell: (course) => course.progress },
            ]}
          />
        )}
      </Panel>

      <Panel title={t("admin:student_purchases")}>
        {d.transactions.length === 0 ? (
          <EmptyState plain text={t("admin:student_no_purchases")} className="text-sm" />
        ) : (
          <DataTable
            className="-mx-4 sm:mx-0"
            caption={t("admin:student_purchases")}
            rows={d.transactions}
            rowKey={(row) => row.id}
            columns={[
              {
                key: "date",
                header: t("admin:student_date"),
                cell: (row) => (
                  <Link className="underline underline-offset-4" to={`/home/transactions/${row.id}`}>
                    {row.date}
                  </Link>
                ),
              },
              { key: "product", header: t("admin:student_product"), cell: (row) => row.product },
              {
                key: "status",
                header: t("admin:student_status"),
                cell: (row) => <TransactionStatusBadge status={row.status} />,
              },
              {
                key: "total",
                header: t("admin:student_total"),
                align: "right",
                className: "whitespace-nowrap",
                cell: (row) => row.total,
              },
            ]}
          />
        )}
        <Link
          className="self-start text-sm font-semibold text-brand-700 underline underline-offset-4"
          to={`/home/transactions?q=${encodeURIComponent(d.student.email)}`}
        >
          {t("admin:student_all_transactions")}
        </Link>
      </Panel>

      <PrivacyPanel studentId={d.student.id} erased={d.erased} error={privacyErrorFromQuery(search)} />
    </div>
  );
}
