// The top of the course editor: the title, its status, the publish / unpublish button (the first publish
// sets the publication date) and the link to preview the course as a student.
import { useState } from "react";
import { Link } from "react-router";
import { Award, BarChart3, ChevronLeft, Eye } from "lucide-react";
import type { AuthoredCourse } from "#core/catalog/authored.ts";
import { formatDate } from "#platform/i18n/format.ts";
import type { Lang } from "#platform/i18n/index.ts";
import { api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { useTimeZone } from "#app/lib/root-data.ts";
import { Button, buttonClass } from "#app/ui/button.tsx";
import { toast } from "#app/ui/toast.tsx";
import { CourseStatusBadge } from "./badges.tsx";

export function CourseHeader({
  course,
  lang,
  onChanged,
}: {
  course: AuthoredCourse;
  lang: Lang;
  onChanged: () => void;
}) {
  const t = useT();
  const timeZone = useTimeZone();
  const [pending, setPending] = useState(false);
  const published = course.status === "published";

  async function setStatus(status: "published" | "unpublished") {
    setPending(true);
    try {
      await api("PUT", `/home/courses/${course.id}`, { status });
      toast.success(t(status === "published" ? "authoring:published_toast" : "authoring:unpublished_toast"));
      onChanged();
    } catch {
      // a 422 means the saved course is not valid as a whole: its form shows why on saving
      toast.error(t("authoring:publish_failed"));
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <Link
        to="/home/courses"
        className="inline-flex items-center gap-1 self-start text-sm font-medium text-brand-700 hover:underline"
      >
        <ChevronLeft aria-hidden className="size-4" />
        {t("authoring:all_courses")}
      </Link>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold break-words sm:text-3xl">{course.title}</h1>
          <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-muted">
            <CourseStatusBadge status={course.status} />
            <span className="break-all">/{course.slug}</span>
            {course.published_at && (
              <span>{t("authoring:published_on", { date: formatDate(course.published_at, lang, timeZone) })}</span>
            )}
          </div>
        </div>
        <div className="flex flex-wrap gap-2 sm:shrink-0 sm:justify-end">
          <Link to={`/home/courses/${course.id}/report`} className={buttonClass("secondary")}>
            <BarChart3 aria-hidden className="size-4" />
            {t("course_report:open_report")}
          </Link>
          <a
            href={`/${course.slug}/watch?preview=student`}
            target="_blank"
            rel="noopener"
            className={buttonClass("secondary")}
          >
            <Eye aria-hidden className="size-4" />
            {t("authoring:preview_as_student")}
            <span className="sr-only">{t("authoring:opens_in_new_tab")}</span>
          </a>
          <Link to={`/home/courses/${course.id}/certificate`} className={buttonClass("secondary")}>
            <Award aria-hidden className="size-4" />
            {t("certificates:admin_link")}
          </Link>
          {published ? (
            <Button variant="secondary" disabled={pending} onClick={() => setStatus("unpublished")}>
              {t("authoring:unpublish")}
            </Button>
          ) : (
            <Button disabled={pending} onClick={() => setStatus("published")}>
              {t("authoring:publish")}
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}
