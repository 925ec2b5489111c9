// /home/courses/{courseId}/report (issue 17 item 6): how far each student has got, who is stuck (nothing done for
// ?stuck_days=, 14 by default), the completion rate, and where students drop off (per lecture: how many completed
// it and how many stopped right after it). The students' list is filtered, sorted and paged through the address,
// and exported as CSV (POST .../report/export, once a minute).
import { Link, useLocation } from "react-router";
import { ChevronLeft, Download } from "lucide-react";
import { getCourseReport } from "#core/learning/report/get-course-report.ts";
import type { StudentProgress } from "#core/learning/report/funnel.ts";
import { reportQueryFrom } from "#core/learning/report/schemas.ts";
import { studentPage } from "#core/learning/report/student-page.ts";
import { formatDate } from "#platform/i18n/format.ts";
import { pageContext } from "#server/page-context.ts";
import { CsrfField } from "#app/features/accounts/csrf-field.tsx";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import { useT } from "#app/lib/i18n.tsx";
import { useTimeZone } from "#app/lib/root-data.ts";
import { Badge } from "#app/ui/badge.tsx";
import { Button } from "#app/ui/button.tsx";
import { DataTable, type Column } from "#app/ui/data-table.tsx";
import { EmptyState } from "#app/ui/empty-state.tsx";
import { Field, FormAlert } from "#app/ui/field.tsx";
import { FilterForm } from "#app/ui/filter-form.tsx";
import { Pager } from "#app/ui/pager.tsx";
import { Panel } from "#app/ui/panel.tsx";
import { SelectField } from "#app/ui/select-field.tsx";
import type { Route } from "./+types/report.ts";

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches[0]?.loaderData, "course_report:title");
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { services, request: ctx } = context.get(pageContext);
  const query = reportQueryFrom(new URL(request.url).searchParams);
  const { rows, ...report } = await getCourseReport(services.db, ctx.actor, params.courseId, {
    stuckDays: query.stuck_days,
  });
  return { report, students: studentPage(rows, query), query, lang: ctx.lang };
}

function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="mt-1 text-2xl font-bold tabular-nums">{value}</dd>
    </div>
  );
}

export default function CourseReportPage({ loaderData }: Route.ComponentProps) {
  const { report, students, query, lang } = loaderData;
  const t = useT();
  const timeZone = useTimeZone();
  const base = `/home/courses/${report.course.id}/report`;
  const throttled = new URLSearchParams(useLocation().search).get("error") === "transactions:export_throttled";
  const hrefFor = (page: number) => {
    const params = new URLSearchParams({ stuck_days: String(query.stuck_days), show: query.show, sort: query.sort });
    if (page > 1) params.set("page", String(page));
    return `${base}?${params}`;
  };
  const dropOff = report.lectures.find((lecture) => lecture.id === report.drop_off_lecture_id);

  const lectureColumns: Column<(typeof report.lectures)[number]>[] = [
    { key: "title", header: t("course_report:col_lecture"), rowHeader: true, cell: (lecture) => lecture.title },
    {
      key: "completed",
      header: t("course_report:col_completed_by"),
      align: "right",
      className: "tabular-nums",
      cell: (lecture) => lecture.completed_by,
    },
    {
      key: "stopped",
      header: t("course_report:col_stopped_after"),
      align: "right",
      className: "tabular-nums",
      cell: (lecture) =>
        lecture.id === report.drop_off_lecture_id ? (
          <Badge tone="warning">{lecture.stopped_after}</Badge>
        ) : (
          lecture.stopped_after
        ),
    },
  ];
  const studentColumns: Column<StudentProgress>[] = [
    {
      key: "name",
      header: t("course_report:col_student"),
      rowHeader: true,
      cell: (student) => (
        <div className="flex flex-col">
          <span className="font-medium break-words">{student.name}</span>
          <span className="text-sm break-all text-muted">{student.email}</span>
        </div>
      ),
    },
    {
      key: "progress",
      header: t("course_report:col_progress"),
      cell: (student) => (
        <div className="flex min-w-28 flex-col gap-1">
          <span className="text-sm tabular-nums">
            {t("course_report:progress_value", {
              completed: student.completed,
              total: report.total_lectures,
              percent: student.percent,
            })}
          </span>
          <progress
            className="h-2 w-full accent-brand-600"
            max={100}
            value={student.percent}
            aria-label={t("course_report:col_progress")}
          />
        </div>
      ),
    },
    {
      key: "activity",
      header: t("course_report:col_last_activity"),
      className: "hidden sm:table-cell",
      cell: (student) =>
        student.last_activity_at ? formatDate(student.last_activity_at, lang, timeZone) : t("course_report:never"),
    },
    {
      key: "state",
      header: t("course_report:col_state"),
      cell: (student) =>
        student.finished ? (
          <Badge tone="success">{t("course_report:finished")}</Badge>
        ) : student.stuck ? (
          <Badge tone="danger">{t("course_report:stuck")}</Badge>
        ) : (
          <Badge tone="info">{t("course_report:in_progress")}</Badge>
        ),
    },
  ];

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <Link
        to={`/home/courses/${report.course.id}`}
        className="inline-flex items-center gap-1 self-start text-sm font-medium text-brand-700 hover:underline"
      >
        <ChevronLeft aria-hidden className="size-4" />
        {t("course_report:back_to_course")}
      </Link>
      <div>
        <h1 className="text-2xl font-bold break-words sm:text-3xl">
          {t("course_report:heading", { title: report.course.title })}
        </h1>
        <p className="mt-1 text-muted">{t("course_report:intro", { days: report.stuck_days })}</p>
      </div>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Figure label={t("course_report:students")} value={report.students} />
        <Figure label={t("course_report:completion_rate")} value={`${report.completion_rate}%`} />
        <Figure label={t("course_report:stuck_count")} value={report.stuck} />
        <Figure label={t("course_report:never_started")} value={report.never_started} />
      </dl>
      {report.students === 0 ? (
        <EmptyState title={t("course_report:empty_title")} text={t("course_report:empty_text")} />
      ) : (
        <>
          <Panel title={t("course_report:funnel_title")}>
            <p className="text-sm text-muted">
              {dropOff
                ? t("course_report:drop_off", { title: dropOff.title, count: dropOff.stopped_after })
                : t("course_report:no_drop_off")}
            </p>
            <DataTable
              caption={t("course_report:funnel_title")}
              columns={lectureColumns}
              rows={report.lectures}
              rowKey={(lecture) => lecture.id}
            />
          </Panel>
          <section aria-labelledby="report-students" className="flex flex-col gap-4">
            <h2 id="report-students" className="text-lg font-semibold">
              {t("course_report:students_title", { count: students.total })}
            </h2>
            <FilterForm
              label={t("course_report:filters")}
              action={base}
              submitLabel={t("course_report:apply")}
              clear={{ label: t("course_report:clear") }}
              layout="grid"
            >
              <SelectField
                label={t("course_report:show")}
                name="show"
                defaultValue={query.show}
                options={[
                  { value: "all", label: t("course_report:show_all") },
                  { value: "stuck", label: t("course_report:show_stuck") },
                ]}
              />
              <SelectField
                label={t("course_report:sort")}
                name="sort"
                defaultValue={query.sort}
                options={[
                  { value: "name", label: t("course_report:sort_name") },
                  { value: "progress", label: t("course_report:sort_progress") },
                  { value: "activity", label: t("course_report:sort_activity") },
                ]}
              />
              <Field
                label={t("course_report:stuck_days")}
                name="stuck_days"
                type="number"
                min={1}
                max={365}
                defaultValue={query.stuck_days}
              />
            </FilterForm>
            <DataTable
              caption={t("course_report:students_title", { count: students.total })}
              columns={studentColumns}
              rows={students.rows}
              rowKey={(student) => student.user_id}
            />
            <Pager page={students.page} pages={students.pages} hrefFor={hrefFor} />
            <FormAlert message={throttled ? t("transactions:export_throttled", { seconds: 60 }) : undefined} />
            <form method="post" action={`${base}/export`} className="self-start">
              <CsrfField />
              <input type="hidden" name="stuck_days" value={query.stuck_days} />
              <Button type="submit" variant="secondary">
                <Download aria-hidden className="size-4" />
                {t("course_report:export")}
              </Button>
            </form>
          </section>
        </>
      )}
    </div>
  );
}
