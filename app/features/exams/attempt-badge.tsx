// An attempt's state as a badge: in progress, awaiting grading, passed or failed.
import { useT } from "#app/lib/i18n.tsx";
import { Badge } from "#app/ui/badge.tsx";

export function AttemptBadge({ status, passed }: { status: "open" | "grading" | "graded"; passed: boolean | null }) {
  const t = useT();
  if (status === "open") return <Badge tone="info">{t("exams:status_open")}</Badge>;
  if (status === "grading") return <Badge tone="warning">{t("exams:status_grading")}</Badge>;
  return passed ? (
    <Badge tone="success">{t("exams:status_passed")}</Badge>
  ) : (
    <Badge tone="danger">{t("exams:status_failed")}</Badge>
  );
}
