// /home/courses/{courseId}/lectures/{lectureId}: the lecture editor: its title, length, access, status and
// section (moving it to the end of another section), its components (added, edited, reordered, deleted),
// a preview as a student, and deleting the lecture after a confirmation.
import { type FormEvent, useState } from "react";
import { Link, useNavigate, useRevalidator } from "react-router";
import { ChevronLeft, Eye, Trash2 } from "lucide-react";
import { lectureUpdateSchema } from "#core/catalog/authoring-schemas.ts";
import { getCourseLectureForEditing } from "#core/catalog/get-lecture-for-editing.ts";
import { fieldErrorsOf } from "#core/validation.ts";
import { pageContext } from "#server/page-context.ts";
import { ApiError, api, type FieldMessages } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import { LectureAccessBadge, LectureStatusBadge } from "#app/features/authoring/badges.tsx";
import { ComponentsEditor, type MediaEditors } from "#app/features/authoring/components-editor.tsx";
import { ConfirmDialog } from "#app/ui/confirm-dialog.tsx";
import { lectureBody, type LectureFieldValues, LectureFields } from "#app/features/authoring/lecture-fields.tsx";
import {
  FileComponentEditor,
  PdfComponentEditor,
  VideoComponentEditor,
} from "#app/features/media/component-editors.tsx";
import { Button, buttonClass } from "#app/ui/button.tsx";
import { toast } from "#app/ui/toast.tsx";
import type { Route } from "./+types/lecture.ts";

// Uploaded videos, PDFs and files: the media editors upload the file and create the component themselves.
const mediaEditors: MediaEditors = { video: VideoComponentEditor, pdf: PdfComponentEditor, file: FileComponentEditor };

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const tags = adminMeta(matches[0]?.loaderData, "authoring:edit_lecture");
  if (!loaderData) return tags;
  const school = matches[0]?.loaderData?.school?.name ?? "Studium";
  return [{ title: `${loaderData.lecture.title} · ${school}` }, ...tags.slice(1)];
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const { services, request: ctx } = context.get(pageContext);
  return getCourseLectureForEditing(services.db, ctx.actor, params);
}

function valuesOf(lecture: {
  title: string;
  duration_minutes: number;
  access: string;
  status: string;
  section_id: number;
}): LectureFieldValues {
  return {
    title: lecture.title,
    duration_minutes: lecture.duration_minutes ? String(lecture.duration_minutes) : "",
    access: lecture.access,
    status: lecture.status,
    section_id: String(lecture.section_id),
  };
}

export default function LectureEditorPage({ loaderData: data }: Route.ComponentProps) {
  const t = useT();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const { course, lecture, sections, components } = data;
  const lectureUrl = `/home/courses/${course.id}/sections/${lecture.section_id}/lectures/${lecture.id}`;
  const [values, setValues] = useState(() => valuesOf(lecture));
  const [source, setSource] = useState(lecture);
  if (source !== lecture) {
    setSource(lecture);
    setValues(valuesOf(lecture));
  }
  const [errors, setErrors] = useState<FieldMessages>({});
  const [pending, setPending] = useState(false);
  const reload = () => void revalidator.revalidate();

  async function save(event: FormEvent) {
    event.preventDefault();
    const body = lectureBody(values);
    const checked = lectureUpdateSchema.safeParse(body);
    if (!checked.success) {
      const fields = fieldErrorsOf(checked.error, body);
      setErrors(
        Object.fromEntries(Object.entries(fields).map(([f, list]) => [f, list.map((m) => t(m.key, m.values ?? {}))])),
      );
      return;
    }
    setErrors({});
    setPending(true);
    try {
      await api("PUT", lectureUrl, body);
      toast.success(t("saved"));
      reload();
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) setErrors(error.errors);
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <nav aria-label={t("authoring:breadcrumb")}>
        <ol className="flex flex-wrap items-center gap-1 text-sm">
          <li>
            <Link to="/home/courses" className="font-medium text-brand-700 hover:underline">
              {t("authoring:courses_title")}
            </Link>
          </li>
          <li aria-hidden className="text-muted">
            /
          </li>
          <li>
            <Link
              to={`/home/courses/${course.id}?tab=curriculum`}
              className="inline-flex items-center gap-1 font-medium break-words text-brand-700 hover:underline"
            >
              <ChevronLeft aria-hidden className="size-4" />
              {course.title}
            </Link>
          </li>
        </ol>
      </nav>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold break-words sm:text-3xl">{lecture.title}</h1>
          <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-muted">
            <span>{data.section.title}</span>
            <LectureAccessBadge access={lecture.access} />
            <LectureStatusBadge status={lecture.status} />
          </p>
        </div>
        <a
          href={`/${course.slug}/watch/${lecture.id}?preview=student`}
          target="_blank"
          rel="noopener"
          className={buttonClass("secondary", "self-start sm:shrink-0")}
        >
          <Eye aria-hidden className="size-4" />
          {t("authoring:preview_as_student")}
          <span className="sr-only">{t("authoring:opens_in_new_tab")}</span>
        </a>
      </div>

      <form
        onSubmit={save}
        noValidate
        aria-label={t("authoring:lecture_details")}
        className="flex flex-col gap-5 rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200 sm:p-8"
      >
        <h2 className="text-lg font-semibold">{t("authoring:lecture_details")}</h2>
        <LectureFields values={values} onChange={setValues} errors={errors} sections={sections} />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Button type="submit" disabled={pending}>
            {t("authoring:save_lecture")}
          </Button>
          <ConfirmDialog
            trigger={
              <Button variant="ghost" className="text-red-700">
                <Trash2 aria-hidden className="size-4" />
                {t("authoring:delete_this_lecture")}
              </Button>
            }
            title={t("authoring:delete_lecture_title", { title: lecture.title })}
            description={t("authoring:delete_lecture_text")}
            confirmLabel={t("authoring:delete")}
            onConfirm={async () => {
              await api("DELETE", lectureUrl);
              toast.success(t("authoring:lecture_deleted"));
              await navigate(`/home/courses/${course.id}?tab=curriculum`);
            }}
          />
        </div>
      </form>

      <ComponentsEditor
        path={{ courseId: course.id, sectionId: lecture.section_id, lectureId: lecture.id }}
        components={components}
        mediaEditors={mediaEditors}
        onChanged={reload}
      />
    </div>
  );
}
