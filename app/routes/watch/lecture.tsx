// /{course}/watch/{lectureId}: the watch page (issue item 5). The curriculum with completion marks and the
// progress bar, the lecture's components in order, 'Mark as complete', the star, the private note, previous /
// next. Access (§6) is decided by the loader: a logged-out viewer of a login-required lecture is sent to log
// in, anyone without access to a paid lecture to the course's checkout; what the viewer may not see is a 404.
// An admin sees everything, and with ?preview=student sees what a logged-in student without access sees.
import { AppError } from "#core/errors.ts";
import { useEffect, useState } from "react";
import { Link, redirect } from "react-router";
import { CalendarClock, ChevronLeft, ChevronRight, Eye, LogIn } from "lucide-react";
import { loadLectureDiscussion } from "#core/discussion/load-lecture-discussion.ts";
import { getWatchView } from "#core/learning/get-watch-view.ts";
import { idFromText } from "#core/shared/ids.ts";
import { formatLongDateTime, formatMinutes } from "#platform/i18n/format.ts";
import { pageContext } from "#server/page-context.ts";
import { api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { LectureDiscussion } from "#app/features/discussion/lecture-discussion.tsx";
import { Curriculum } from "#app/features/learning/curriculum.tsx";
import { LectureComponents } from "#app/features/learning/components/lecture-components.tsx";
import { RenderedMarkdown } from "#app/features/learning/components/markdown-text.tsx";
import { renderMarkdown, withRenderedMarkdown } from "#app/features/learning/components/rendered-markdown.server.tsx";
import { CompleteToggle, StarToggle } from "#app/features/learning/lecture-toggles.tsx";
import { NoteBox } from "#app/features/learning/note-box.tsx";
import { buttonClass } from "#app/ui/button.tsx";
import { DueSurvey } from "#app/features/surveys/survey-modal.tsx";
import { getFavouriteState } from "#core/favourites/favourite-state.ts";
import { FavouriteToggle } from "#app/features/favourites/favourite-toggle.tsx";
import { findCourseExam } from "#core/exams/find-course-exam.ts";
import { ExamCard } from "#app/features/exams/exam-card.tsx";
import type { Route } from "./+types/lecture.ts";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const school = matches[0]?.loaderData?.school?.name ?? "Studium";
  // A 404 keeps the root's title ("We couldn't find that page.").
  if (!loaderData) return matches[0]?.meta ?? [];
  return [{ title: `${loaderData.lecture.title} · ${loaderData.course.title} · ${school}` }];
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { request: ctx, services } = context.get(pageContext);
  const url = new URL(request.url);
  const lectureId = idFromText(params.lectureId);
  const previewAsStudent = url.searchParams.get("preview") === "student";
  const view = lectureId
    ? await getWatchView(services.db, { slug: params.slug, lectureId, user: ctx.user, previewAsStudent })
    : null;
  if (!view?.current) throw new AppError("not_found");
  const { course, viewer, current } = view;
  // (built from the ids: a client-side navigation's request is for the ".data" address)
  if (current.lecture.gate === "login")
    throw redirect(`/login?next=${encodeURIComponent(`/${course.slug}/watch/${current.lecture.id}`)}`);
  if (current.lecture.gate === "buy") throw redirect(`/${course.slug}/checkout`);
  // A lecture held back by its drip release shows when it opens (school's zone and language), and nothing else.
  const zone = ctx.school?.time_zone ?? "UTC";
  const opensOn = (lecture: { gate: string; available_at: string | null }) =>
    lecture.gate !== "locked"
      ? null
      : lecture.available_at
        ? formatLongDateTime(lecture.available_at, ctx.lang, zone)
        : "";
  const locked = current.lecture.gate === "locked";
  const [discussion, bodyHtml, components, favourites, exam] = await Promise.all([
    locked ? null : loadLectureDiscussion(services.db, { lectureId: current.lecture.id, viewer: ctx.user }),
    renderMarkdown(services.db, current.lecture.body),
    withRenderedMarkdown(services.db, current.components),
    locked
      ? { course: false, lecture: false }
      : getFavouriteState(services.db, ctx.actor, { courseId: course.id, lectureId: current.lecture.id }),
    // The course's exam shows after its last lecture (issue 17, item 2).
    current.next || locked ? null : findCourseExam(services.db, ctx.actor, course.id),
  ]);
  return {
    course: { id: course.id, slug: course.slug, title: course.title },
    viewer: { loggedIn: viewer.loggedIn, preview: viewer.preview },
    sections: view.sections.map((section) => ({
      id: section.id,
      title: section.title,
      lectures: section.lectures.map((lecture) => ({
        id: lecture.id,
        title: lecture.title,
        duration: formatMinutes(lecture.duration_minutes),
        gate: lecture.gate,
        opensOn: opensOn(lecture),
        draft: lecture.status === "draft",
        free: lecture.access === "free",
      })),
    })),
    completedIds: view.sections.flatMap((section) => section.lectures.filter((l) => l.completed).map((l) => l.id)),
    percent: view.progress?.percent ?? null,
    lecture: {
      id: current.lecture.id,
      title: current.lecture.title,
      duration: formatMinutes(current.lecture.duration_minutes),
      draft: current.lecture.status === "draft",
      opensOn: opensOn(current.lecture),
      bodyHtml,
      components,
      note: current.note,
      starred: current.starred,
    },
    previous: current.previous,
    next: current.next,
    discussion,
    favourites,
    exam,
  };
}

export default function WatchLecture({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { course, viewer, lecture, sections, previous, next, discussion, exam } = loaderData;
  const query = viewer.preview ? "?preview=student" : "";
  const lectureHref = (id: number) => `/${course.slug}/watch/${id}${query}`;

  // Completion marks and the percentage follow the toggle's answers until the next load brings them anew.
  const [completed, setCompleted] = useState(() => new Set(loaderData.completedIds));
  const [percent, setPercent] = useState(loaderData.percent);
  const [loaded, setLoaded] = useState(loaderData);
  if (loaded !== loaderData) {
    setLoaded(loaderData);
    setCompleted(new Set(loaderData.completedIds));
    setPercent(loaderData.percent);
  }

  // Opening a lecture records the view: the course resumes here next time.
  useEffect(() => {
    if (!viewer.loggedIn || lecture.opensOn !== null) return;
    api("POST", `/lecture/${lecture.id}/watch`, undefined, { silent: true }).catch(() => {});
  }, [lecture.id, lecture.opensOn, viewer.loggedIn]);

  const isEmpty = !lecture.bodyHtml && lecture.components.length === 0;
  const loginHref = `/login?next=${encodeURIComponent(`/${course.slug}/watch/${lecture.id}`)}`;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-4 sm:py-6">
      {/* The course's survey, after its chosen lecture or at completion: asked again as lectures are completed. */}
      {viewer.loggedIn && !viewer.preview && <DueSurvey courseId={course.id} refreshKey={completed.size} />}
      {viewer.preview && (
        <div className="mb-4 flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 sm:flex-row sm:items-center sm:justify-between">
          <p className="flex items-start gap-2">
            <Eye aria-hidden className="mt-0.5 size-4 shrink-0" />
            {t("learning:preview_notice")}
          </p>
          <Link to={`/${course.slug}/watch/${lecture.id}`} className="font-semibold underline underline-offset-4">
            {t("learning:preview_leave")}
          </Link>
        </div>
      )}
      <p className="mb-4">
        <Link to={`/${course.slug}`} className="text-sm font-semibold text-brand-700 underline underline-offset-4">
          {course.title}
        </Link>
      </p>
      <div className="grid gap-6 lg:grid-cols-[20rem_minmax(0,1fr)] lg:items-start">
        <div>
          <Curriculum
            sections={sections}
            currentId={lecture.id}
            completed={completed}
            percent={percent}
            lectureHref={lectureHref}
          />
        </div>
        <article aria-labelledby="lecture-title" className="flex min-w-0 flex-col gap-6">
          <header>
            <h1 id="lecture-title" className="text-2xl font-bold tracking-tight break-words sm:text-3xl">
              {lecture.title}
            </h1>
            <p className="mt-1 flex flex-wrap gap-x-3 text-sm text-muted">
              {lecture.duration && <span>{lecture.duration}</span>}
              {lecture.draft && <span className="font-semibold text-amber-800">{t("learning:draft")}</span>}
            </p>
          </header>

          {lecture.opensOn !== null ? (
            <p
              className="flex items-start gap-3 rounded-lg border border-gray-200 bg-white p-4 text-gray-900"
              data-testid="lecture-locked"
            >
              <CalendarClock aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-700" />
              {lecture.opensOn
                ? t("learning:drip_available_on", { date: lecture.opensOn })
                : t("learning:drip_after_access")}
            </p>
          ) : (
            <>
              {lecture.bodyHtml && <RenderedMarkdown html={lecture.bodyHtml} />}
              <LectureComponents components={lecture.components} lectureTitle={lecture.title} />
              {isEmpty && <p className="text-muted">{t("learning:lecture_empty")}</p>}
            </>
          )}

          {lecture.opensOn !== null ? null : viewer.loggedIn ? (
            <>
              <div className="flex flex-wrap gap-3 border-t border-gray-200 pt-6">
                <CompleteToggle
                  lectureId={lecture.id}
                  completed={completed.has(lecture.id)}
                  onChange={(result) => {
                    setCompleted((set) => {
                      const copy = new Set(set);
                      if (result.completed) copy.add(lecture.id);
                      else copy.delete(lecture.id);
                      return copy;
                    });
                    setPercent(result.progress);
                  }}
                />
                <StarToggle key={lecture.id} lectureId={lecture.id} initialStarred={lecture.starred} />
                <FavouriteToggle
                  key={`l${lecture.id}`}
                  kind="lecture"
                  id={lecture.id}
                  initial={loaderData.favourites.lecture}
                />
                <FavouriteToggle
                  key={`c${course.id}`}
                  kind="course"
                  id={course.id}
                  initial={loaderData.favourites.course}
                />
              </div>
              <NoteBox key={lecture.id} lectureId={lecture.id} initialNote={lecture.note} />
            </>
          ) : (
            <div className="flex flex-col gap-3 rounded-lg border border-gray-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-sm text-muted">{t("learning:log_in_to_track")}</p>
              <Link to={loginHref} className={buttonClass("secondary", "shrink-0")}>
                <LogIn aria-hidden className="size-4" />
                {t("learning:log_in")}
              </Link>
            </div>
          )}

          <nav
            aria-label={t("learning:lecture_navigation")}
            className="grid grid-cols-2 gap-3 border-t border-gray-200 pt-6"
          >
            <div>
              {previous && (
                <Link
                  to={lectureHref(previous.id)}
                  rel="prev"
                  className="flex h-full items-center gap-2 rounded-lg border border-gray-200 bg-white p-3 text-sm hover:bg-gray-50"
                >
                  <ChevronLeft aria-hidden className="size-5 shrink-0" />
                  <span className="min-w-0">
                    <span className="block font-semibold text-brand-700">{t("learning:previous")}</span>
                    <span className="block break-words text-muted">{previous.title}</span>
                  </span>
                </Link>
              )}
            </div>
            <div>
              {next && (
                <Link
                  to={lectureHref(next.id)}
                  rel="next"
                  className="flex h-full items-center justify-end gap-2 rounded-lg border border-gray-200 bg-white p-3 text-right text-sm hover:bg-gray-50"
                >
                  <span className="min-w-0">
                    <span className="block font-semibold text-brand-700">{t("learning:next")}</span>
                    <span className="block break-words text-muted">{next.title}</span>
                  </span>
                  <ChevronRight aria-hidden className="size-5 shrink-0" />
                </Link>
              )}
            </div>
          </nav>

          {exam && <ExamCard exam={exam} final />}

          {discussion && (
            <LectureDiscussion key={lecture.id} lectureId={lecture.id} courseSlug={course.slug} initial={discussion} />
          )}
        </article>
      </div>
    </div>
  );
}
