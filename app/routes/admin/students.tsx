// /home/students: the school's students (spec §2), searched by name or e-mail, filtered by a course they can
// open, a tag, or the days they signed up between, sorted, a page at a time (keyset paging: "Next page" carries
// the last row's cursor, core/students/list-students.ts). "New student" adds one by hand (POST /student), "Import
// students" leads to the bulk import. The automatic tags panel lists and edits the tag rules.
import { Link } from "react-router";
import { Upload } from "lucide-react";
import { listCourseOptions } from "#core/products/list-course-options.ts";
import { listStudents } from "#core/students/list-students.ts";
import { listTags } from "#core/students/list-tags.ts";
import { listTagRules, listTagRuleTargets } from "#core/students/list-tag-rules.ts";
import { studentFiltersFrom, studentFiltersQuery, studentSorts } from "#core/students/schemas.ts";
import { formatDate, formatDateTime } from "#platform/i18n/format.ts";
import { pageContext } from "#server/page-context.ts";
import { useT } from "#app/lib/i18n.tsx";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import { NewStudentDialog } from "#app/features/students/new-student-dialog.tsx";
import { TagChip } from "#app/features/students/tag-chip.tsx";
import { TagRulesPanel } from "#app/features/students/tag-rules-panel.tsx";
import { buttonClass } from "#app/ui/button.tsx";
import { DataTable } from "#app/ui/data-table.tsx";
import { EmptyState } from "#app/ui/empty-state.tsx";
import { Field } from "#app/ui/field.tsx";
import { FilterForm } from "#app/ui/filter-form.tsx";
import { SelectField } from "#app/ui/select-field.tsx";
import type { Route } from "./+types/students.ts";

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches[0]?.loaderData, "students:title");
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, request: ctx } = context.get(pageContext);
  const filters = studentFiltersFrom(new URL(request.url).searchParams);
  const [list, tags, courses, rules, ruleTargets] = await Promise.all([
    listStudents(services.db, ctx.actor, filters),
    listTags(services.db, ctx.actor),
    listCourseOptions(services.db, ctx.actor),
    listTagRules(services.db, ctx.actor),
    listTagRuleTargets(services.db, ctx.actor),
  ]);
  const zone = ctx.school?.time_zone;
  return {
    filters,
    tags,
    rules,
    ruleTargets,
    courses: courses.map((course) => ({ id: course.id, title: course.title })),
    next: list.next,
    students: list.students.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      joined: formatDate(row.created_at, ctx.lang, zone),
      lastSeen: row.last_seen_at ? formatDateTime(row.last_seen_at, ctx.lang, zone) : null,
      courses: row.courses,
      tags: row.tags,
    })),
  };
}

export default function Students({ loaderData: d }: Route.ComponentProps) {
  const t = useT();
  const any = { value: "", label: t("students:any") };
  const firstQuery = studentFiltersQuery(d.filters);
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="max-w-2xl">
          <h1 className="text-2xl font-bold sm:text-3xl">{t("students:title")}</h1>
          <p className="mt-1 text-muted">{t("students:intro")}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to="/home/students/import" className={buttonClass("secondary")}>
            <Upload aria-hidden className="size-4" />
            {t("students:import_link")}
          </Link>
          <NewStudentDialog courses={d.courses} tags={d.tags} />
        </div>
      </div>

      <FilterForm
        label={t("students:filters")}
        action="/home/students"
        layout="grid"
        submitLabel={t("students:apply")}
        clear={{ label: t("students:clear") }}
      >
        <Field
          label={t("students:search")}
          name="q"
          type="search"
          defaultValue={d.filters.q}
          hint={t("students:search_hint")}
          className="sm:col-span-2 lg:col-span-3"
        />
        <SelectField
          label={t("students:course")}
          name="course_id"
          defaultValue={d.filters.course_id ? String(d.filters.course_id) : ""}
          options={[any, ...d.courses.map((course) => ({ value: String(course.id), label: course.title }))]}
        />
        <SelectField
          label={t("students:tag")}
          name="tag_id"
          defaultValue={d.filters.tag_id ? String(d.filters.tag_id) : ""}
          options={[any, ...d.tags.map((tag) => ({ value: String(tag.id), label: tag.name }))]}
        />
        <SelectField
          label={t("students:sort")}
          name="sort"
          defaultValue={d.filters.sort}
          options={studentSorts.map((sort) => ({ value: sort, label: t(`students:sort_${sort}`) }))}
        />
        <Field label={t("students:from")} name="from" type="date" defaultValue={d.filters.from ?? ""} />
        <Field label={t("students:to")} name="to" type="date" defaultValue={d.filters.to ?? ""} />
      </FilterForm>

      <p aria-live="polite" className="font-semibold">
        {t("students:shown", { count: d.students.length })}
      </p>

      {d.students.length === 0 ? (
        <EmptyState text={t("students:empty")} />
      ) : (
        <DataTable
          framed
          caption={t("students:title")}
          rows={d.students}
          rowKey={(row) => row.id}
          rowProps={(row) => ({ "data-student": row.email })}
          columns={[
            {
              key: "student",
              header: t("students:name"),
              cell: (row) => (
                <>
                  <Link
                    to={`/home/students/${row.id}`}
                    className="font-semibold break-words text-brand-700 underline underline-offset-4"
                  >
                    {row.name}
                  </Link>
                  <p className="text-xs break-all text-muted">{row.email}</p>
                  {row.tags.length > 0 && (
                    <p className="mt-1 flex flex-wrap gap-1 md:hidden">
                      {row.tags.map((tag) => (
                        <TagChip key={tag.id} tag={tag} />
                      ))}
                    </p>
                  )}
                </>
              ),
            },
            {
              key: "tags",
              header: t("students:tags"),
              className: "hidden md:table-cell",
              cell: (row) => (
                <span className="flex flex-wrap gap-1">
                  {row.tags.map((tag) => (
                    <TagChip key={tag.id} tag={tag} />
                  ))}
                </span>
              ),
            },
            {
              key: "joined",
              header: t("students:joined"),
              className: "whitespace-nowrap",
              cell: (row) => row.joined,
            },
            {
              key: "seen",
              header: t("students:last_seen"),
              className: "hidden whitespace-nowrap lg:table-cell",
              cell: (row) => row.lastSeen ?? t("students:never"),
            },
            {
              key: "courses",
              header: t("students:courses"),
              align: "right",
              className: "hidden tabular-nums sm:table-cell",
              cell: (row) => row.courses,
            },
          ]}
        />
      )}

      {(d.filters.after || d.next) && (
        <nav aria-label={t("students:pages")} className="flex flex-wrap justify-between gap-2">
          {d.filters.after ? (
            <Link to={`/home/students${firstQuery ? `?${firstQuery}` : ""}`} className={buttonClass("secondary")}>
              {t("students:first_page")}
            </Link>
          ) : (
            <span />
          )}
          {d.next && (
            <Link
              to={`/home/students?${studentFiltersQuery(d.filters, { after: d.next })}`}
              className={buttonClass("secondary")}
              rel="next"
            >
              {t("students:next_page")}
            </Link>
          )}
        </nav>
      )}
      <TagRulesPanel tags={d.tags} rules={d.rules} targets={d.ruleTargets} />
    </div>
  );
}
