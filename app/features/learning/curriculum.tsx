// The watch page's curriculum: sections and their lectures in order, each with its completion mark (or a lock
// when the viewer may not open it yet), the current lecture marked. On narrow screens it folds away behind a
// "Show course content" button; on wide ones it is a sidebar.
import { useId, useState } from "react";
import { Link } from "react-router";
import { clsx } from "clsx";
import { CalendarClock, CheckCircle2, ChevronDown, Circle, Lock, PlayCircle } from "lucide-react";
import { useT } from "#app/lib/i18n.tsx";
import { ProgressBar } from "./progress-bar.tsx";

export type CurriculumItem = {
  id: number;
  title: string;
  duration: string;
  gate: "allowed" | "login" | "buy" | "locked";
  /** a lecture held back by its drip release: when it opens, formatted ("" when counted from an access to come) */
  opensOn: string | null;
  draft: boolean;
  free: boolean;
};

export type CurriculumProps = {
  sections: { id: number; title: string; lectures: CurriculumItem[] }[];
  currentId: number;
  completed: ReadonlySet<number>;
  /** null for a logged-out viewer: no marks, no bar */
  percent: number | null;
  lectureHref: (id: number) => string;
};

export function Curriculum({ sections, currentId, completed, percent, lectureHref }: CurriculumProps) {
  const t = useT();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [openedFor, setOpenedFor] = useState(currentId);
  // Opening another lecture folds the list away again on a narrow screen.
  if (openedFor !== currentId) {
    setOpenedFor(currentId);
    setOpen(false);
  }
  return (
    <nav
      aria-labelledby={`${id}-title`}
      className="rounded-lg border border-gray-200 bg-white lg:sticky lg:top-4 lg:max-h-[calc(100vh-2rem)] lg:overflow-y-auto"
    >
      <div className="border-b border-gray-200 p-4">
        <h2 id={`${id}-title`} className="font-semibold">
          <span className="hidden lg:inline">{t("learning:course_content")}</span>
          {/* On a narrow screen the heading is the button that folds the list out. */}
          <button
            type="button"
            className="-mx-2 flex min-h-10 w-[calc(100%+1rem)] items-center justify-between gap-2 rounded-md px-2 text-left hover:bg-gray-100 lg:hidden"
            aria-expanded={open}
            aria-controls={`${id}-list`}
            onClick={() => setOpen((value) => !value)}
          >
            {t("learning:course_content")}
            <ChevronDown aria-hidden className={clsx("size-5 shrink-0 transition-transform", open && "rotate-180")} />
          </button>
        </h2>
        {percent !== null && <ProgressBar percent={percent} className="mt-3" />}
      </div>
      <div id={`${id}-list`} className={clsx(open ? "block" : "hidden", "lg:block")} data-testid="curriculum-list">
        {sections.map((section) => (
          <section
            key={section.id}
            aria-labelledby={`${id}-s${section.id}`}
            className="border-b border-gray-100 last:border-b-0"
          >
            <h3 id={`${id}-s${section.id}`} className="bg-gray-50 px-4 py-2 text-sm font-semibold text-muted">
              {section.title}
            </h3>
            <ol>
              {section.lectures.map((lecture) => {
                const current = lecture.id === currentId;
                const done = completed.has(lecture.id);
                return (
                  <li key={lecture.id}>
                    <Link
                      to={lectureHref(lecture.id)}
                      aria-current={current ? "page" : undefined}
                      className={clsx(
                        "flex items-start gap-3 px-4 py-3 text-sm hover:bg-gray-50",
                        current && "bg-brand-50 font-semibold text-brand-700 hover:bg-brand-50",
                      )}
                    >
                      <LectureMark gate={lecture.gate} done={done} tracked={percent !== null} current={current} />
                      <span className="min-w-0 flex-1">
                        <span className="block break-words">{lecture.title}</span>
                        <span className="mt-0.5 flex flex-wrap gap-x-2 text-xs font-normal text-muted">
                          {lecture.duration && <span>{lecture.duration}</span>}
                          {lecture.free && lecture.gate === "allowed" && percent === null && (
                            <span>{t("learning:free")}</span>
                          )}
                          {lecture.draft && <span className="font-semibold text-amber-800">{t("learning:draft")}</span>}
                          {lecture.gate === "locked" && (
                            <span data-testid="lecture-opens">
                              {lecture.opensOn
                                ? t("learning:drip_available_on", { date: lecture.opensOn })
                                : t("learning:drip_after_access")}
                            </span>
                          )}
                        </span>
                      </span>
                    </Link>
                  </li>
                );
              })}
            </ol>
          </section>
        ))}
      </div>
    </nav>
  );
}

function LectureMark({
  gate,
  done,
  tracked,
  current,
}: {
  gate: CurriculumItem["gate"];
  done: boolean;
  tracked: boolean;
  current: boolean;
}) {
  const t = useT();
  if (gate === "locked") {
    return (
      <span className="mt-0.5 shrink-0 text-gray-500" data-mark="dripped">
        <CalendarClock aria-hidden className="size-4" />
      </span>
    );
  }
  if (gate !== "allowed") {
    return (
      <span className="mt-0.5 shrink-0 text-gray-500" data-mark="locked">
        <Lock aria-hidden className="size-4" />
        <span className="sr-only">
          {gate === "login" ? t("learning:lecture_needs_login") : t("learning:lecture_needs_purchase")}
        </span>
      </span>
    );
  }
  if (!tracked) {
    return (
      <PlayCircle
        aria-hidden
        className={clsx("mt-0.5 size-4 shrink-0", current ? "text-brand-700" : "text-gray-500")}
      />
    );
  }
  return done ? (
    <span className="mt-0.5 shrink-0 text-emerald-700" data-mark="completed">
      <CheckCircle2 aria-hidden className="size-4" />
      <span className="sr-only">{t("learning:lecture_completed")}</span>
    </span>
  ) : (
    <span className="mt-0.5 shrink-0 text-gray-400" data-mark="open">
      <Circle aria-hidden className="size-4" />
      <span className="sr-only">{t("learning:lecture_not_completed")}</span>
    </span>
  );
}
