// The way back to /home/students from a student's page and from the bulk import.
import { Link } from "react-router";
import { ArrowLeft } from "lucide-react";
import { useT } from "#app/lib/i18n.tsx";

export function BackToStudents() {
  const t = useT();
  return (
    <Link
      to="/home/students"
      className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 underline underline-offset-4"
    >
      <ArrowLeft aria-hidden className="size-4" />
      {t("students:back")}
    </Link>
  );
}
