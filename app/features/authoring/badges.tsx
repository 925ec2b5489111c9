// Small status labels of the authoring area: a course's status, a lecture's status and access.
import { clsx } from "clsx";
import type { CourseStatus, LectureAccess, LectureStatus } from "#platform/db/schema.ts";
import { useT } from "#app/lib/i18n.tsx";

const tone = {
  green: "bg-emerald-50 text-emerald-800 ring-emerald-600/30",
  gray: "bg-gray-100 text-gray-700 ring-gray-500/30",
  amber: "bg-amber-50 text-amber-900 ring-amber-600/30",
  blue: "bg-brand-50 text-brand-700 ring-brand-600/30",
} as const;

function Badge({ color, children, testId }: { color: keyof typeof tone; children: string; testId?: string }) {
  return (
    <span
      data-testid={testId}
      className={clsx(
        "inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset",
        tone[color],
      )}
    >
      {children}
    </span>
  );
}

const courseTone: Record<CourseStatus, keyof typeof tone> = { published: "green", draft: "gray", unpublished: "amber" };

export function CourseStatusBadge({ status }: { status: CourseStatus }) {
  const t = useT();
  return (
    <Badge color={courseTone[status]} testId="course-status">
      {t(`authoring:course_status_${status}`)}
    </Badge>
  );
}

export function LectureStatusBadge({ status }: { status: LectureStatus }) {
  const t = useT();
  return <Badge color={status === "published" ? "green" : "gray"}>{t(`authoring:lecture_status_${status}`)}</Badge>;
}

export function LectureAccessBadge({ access }: { access: LectureAccess }) {
  const t = useT();
  return (
    <Badge color={access === "free" ? "blue" : access === "login" ? "amber" : "gray"}>
      {t(`authoring:access_${access}`)}
    </Badge>
  );
}
