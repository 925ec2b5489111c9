// Small status labels of the authoring area: a course's status, a lecture's status and access.
import type { CourseStatus, LectureAccess, LectureStatus } from "#platform/db/schema.ts";
import { useT } from "#app/lib/i18n.tsx";
import { Badge, type BadgeTone } from "#app/ui/badge.tsx";

const courseTone: Record<CourseStatus, BadgeTone> = { published: "success", draft: "neutral", unpublished: "warning" };

export function CourseStatusBadge({ status }: { status: CourseStatus }) {
  const t = useT();
  return (
    <Badge tone={courseTone[status]} data-testid="course-status">
      {t(`authoring:course_status_${status}`)}
    </Badge>
  );
}

export function LectureStatusBadge({ status }: { status: LectureStatus }) {
  const t = useT();
  return <Badge tone={status === "published" ? "success" : "neutral"}>{t(`authoring:lecture_status_${status}`)}</Badge>;
}

export function LectureAccessBadge({ access }: { access: LectureAccess }) {
  const t = useT();
  return (
    <Badge tone={access === "free" ? "info" : access === "login" ? "warning" : "neutral"}>
      {t(`authoring:access_${access}`)}
    </Badge>
  );
}
