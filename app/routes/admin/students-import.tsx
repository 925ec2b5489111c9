// /home/students/import: the bulk import (spec §5, §9): at most 50 e-mails, one per line, a course and tags to
// give; it runs as a job, and the page shows its progress and report line by line (?import={id} keeps it, so a
// reload or the plain form's 303 lands on the same report).
import { useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { BackToStudents } from "#app/features/students/back-to-students.tsx";
import { getImport } from "#core/students/get-import.ts";
import { listCourseOptions } from "#core/products/list-course-options.ts";
import { listTags } from "#core/students/list-tags.ts";
import { idFromText } from "#core/shared/ids.ts";
import { pageContext } from "#server/page-context.ts";
import { useT } from "#app/lib/i18n.tsx";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import { ImportForm } from "#app/features/students/import-form.tsx";
import { ImportReport } from "#app/features/students/import-report.tsx";
import type { Route } from "./+types/students-import.ts";

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches[0]?.loaderData, "students:import_title");
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, request: ctx } = context.get(pageContext);
  const importId = idFromText(new URL(request.url).searchParams.get("import"));
  const [courses, tags, progress] = await Promise.all([
    listCourseOptions(services.db, ctx.actor),
    listTags(services.db, ctx.actor),
    importId ? getImport(services.db, ctx.actor, importId).catch(() => null) : null,
  ]);
  return { courses: courses.map((course) => ({ id: course.id, title: course.title })), tags, progress };
}

/** Only keys this page's form can produce are shown from ?error=. */
function errorKey(search: string): string | undefined {
  const key = new URLSearchParams(search).get("error");
  return key && /^(errors|students|validation):[a-z_]+$/.test(key) ? key : undefined;
}

export default function StudentsImport({ loaderData: d }: Route.ComponentProps) {
  const t = useT();
  const location = useLocation();
  const navigate = useNavigate();
  const error = errorKey(location.search);
  const [key, setKey] = useState(0);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <div>
        <BackToStudents />
        <h1 className="mt-2 text-2xl font-bold sm:text-3xl">{t("students:import_title")}</h1>
        <p className="mt-1 text-muted">{t("students:import_intro")}</p>
      </div>
      <ImportForm
        key={key}
        courses={d.courses}
        tags={d.tags}
        error={error ? t(error, { max: 50 }) : undefined}
        onStarted={(id) => {
          setKey((k) => k + 1);
          void navigate(`/home/students/import?import=${id}`, { preventScrollReset: true });
        }}
      />
      {d.progress && <ImportReport key={d.progress.id} initial={d.progress} />}
    </div>
  );
}
