// A link to an exam: after a course's last lecture on the watch page, and in the student's /my list.
import { Link } from "react-router";
import { GraduationCap } from "lucide-react";
import type { ExamLink } from "#core/exams/find-course-exam.ts";
import { useT } from "#app/lib/i18n.tsx";
import { buttonClass } from "#app/ui/button.tsx";

/** `final`: a course's closing exam (the watch page); otherwise an exam sold alone (/my). */
export function ExamCard({ exam, final = false }: { exam: ExamLink; final?: boolean }) {
  const t = useT();
  return (
    <div
      data-exam-card={exam.id}
      className="flex flex-col gap-3 rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200 sm:flex-row sm:items-center"
    >
      <GraduationCap aria-hidden className="size-6 shrink-0 text-brand-700" />
      <p className="min-w-0 flex-1 font-semibold break-words">
        {final ? t("exams:course_exam", { title: exam.title }) : exam.title}
      </p>
      <Link to={`/my/exams/${exam.id}`} className={buttonClass("primary", "self-start")}>
        {t("exams:take_exam")}
      </Link>
    </div>
  );
}
