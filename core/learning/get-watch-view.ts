// The watch page of a course for one viewer (issue item 5): the curriculum of the sections and lectures the
// viewer may see, with their completion marks and the progress percentage, the lecture being watched with its
// components (only when the viewer may open it: a gated lecture's content never leaves the server), the
// viewer's note and star, previous / next, and where a returning viewer resumes.
import { componentDataByKind, type ComponentData, type ComponentKind } from "#core/catalog/component-data.ts";
import type { Db } from "#platform/db/connection.ts";
import type { CourseStatus, LectureAccess, LectureStatus, User } from "#platform/db/schema.ts";
import { hasCourseAccess } from "./course-access.ts";
import { hasDrip } from "./drip-rules.ts";
import { dripContext, dripOf } from "./drip-viewer.ts";
import { type CurriculumLecture, loadCurriculum } from "./load-curriculum.ts";
import {
  chooseResumeLecture,
  courseVisible,
  lastViewedLecture,
  lectureVisible,
  neighbours,
  progressPercent,
  resolveWatchViewer,
  type WatchEntry,
  watchEntry,
  type WatchGate,
  watchGate,
  type WatchViewer,
} from "./watch-rules.ts";

export type WatchLecture = {
  id: number;
  title: string;
  duration_minutes: number;
  access: LectureAccess;
  status: LectureStatus;
  gate: WatchGate;
  /** when a lecture locked by its drip release opens (null: that many days after the viewer's access begins) */
  available_at: string | null;
  completed: boolean;
};

export type WatchComponent = { [K in ComponentKind]: { id: number; kind: K; data: ComponentData<K> } }[ComponentKind];

export type WatchView = {
  course: { id: number; slug: string; title: string; status: CourseStatus };
  viewer: WatchViewer;
  sections: { id: number; title: string; lectures: WatchLecture[] }[];
  /** null for a logged-out viewer (there is nothing to count) */
  progress: { completed: number; total: number; percent: number } | null;
  resumeLectureId: number | null;
  /** where `/{course}/watch` leads this viewer */
  entry: WatchEntry;
  current: null | {
    lecture: WatchLecture & { body: string };
    components: WatchComponent[];
    note: string;
    starred: boolean;
    previous: { id: number; title: string } | null;
    next: { id: number; title: string } | null;
  };
};

/** Component rows whose data no longer fits its kind's schema are left out rather than breaking the page. */
export function parseComponent(row: { id: number; kind: string; data: string }): WatchComponent | null {
  const schema = componentDataByKind[row.kind as ComponentKind];
  if (!schema) return null;
  let json: unknown;
  try {
    json = JSON.parse(row.data);
  } catch {
    return null;
  }
  const parsed = schema.safeParse(json);
  return parsed.success ? ({ id: row.id, kind: row.kind, data: parsed.data } as WatchComponent) : null;
}

export async function getWatchView(
  db: Db,
  options: {
    slug: string;
    lectureId: number | null;
    user: Pick<User, "id" | "role"> | null;
    previewAsStudent: boolean;
  },
): Promise<WatchView | null> {
  const course = await db
    .selectFrom("courses")
    .select(["id", "slug", "title", "status"])
    .where("slug", "=", options.slug)
    .executeTakeFirst();
  if (!course) return null;
  const hasAccess = options.user ? await hasCourseAccess(db, options.user, course.id) : false;
  const viewer = resolveWatchViewer(options.user, { hasAccess, previewAsStudent: options.previewAsStudent });
  if (!courseVisible(course.status, viewer)) return null;

  const [curriculum, progressRows] = await Promise.all([
    loadCurriculum(db, [course.id]),
    options.user
      ? db
          .selectFrom("lecture_progress")
          .select(["lecture_id", "last_viewed_at", "completed_at", "starred"])
          .where("user_id", "=", options.user.id)
          .where("course_id", "=", course.id)
          .execute()
      : Promise.resolve([]),
  ]);
  const progressOf = new Map(progressRows.map((row) => [row.lecture_id, row]));
  const dripped = curriculum.some((s) => hasDrip(s.drip) || s.lectures.some((l) => hasDrip(l.drip.lecture)));
  const drip = dripped ? await dripContext(db, options.user, viewer, course.id) : null;
  // A lecture the viewer could open is held back while its drip release has not come (admins are never held).
  const gateOf = (lecture: CurriculumLecture): Pick<WatchLecture, "gate" | "available_at"> => {
    const gate = watchGate(lecture.access, viewer);
    if (gate !== "allowed" || !drip) return { gate, available_at: null };
    const state = dripOf(drip, lecture.drip.section, lecture.drip.lecture);
    return state.locked ? { gate: "locked", available_at: state.availableAt } : { gate, available_at: null };
  };

  const sections = curriculum
    .map((section) => ({
      id: section.id,
      title: section.title,
      lectures: section.lectures
        .filter((lecture) => lectureVisible(lecture.status, viewer))
        .map((lecture): WatchLecture => ({
          id: lecture.id,
          title: lecture.title,
          duration_minutes: lecture.duration_minutes,
          access: lecture.access,
          status: lecture.status,
          ...gateOf(lecture),
          completed: Boolean(progressOf.get(lecture.id)?.completed_at),
        })),
    }))
    .filter((section) => section.lectures.length > 0);
  const ordered = sections.flatMap((section) => section.lectures);

  const lastViewed = lastViewedLecture(ordered, (id) => progressOf.get(id)?.last_viewed_at);
  const published = ordered.filter((lecture) => lecture.status === "published");
  const completed = published.filter((lecture) => lecture.completed).length;

  const view: WatchView = {
    course,
    viewer,
    sections,
    progress: viewer.loggedIn
      ? { completed, total: published.length, percent: progressPercent(completed, published.length) }
      : null,
    resumeLectureId: chooseResumeLecture(ordered, lastViewed),
    entry: watchEntry(ordered, lastViewed),
    current: null,
  };

  const lecture = options.lectureId === null ? undefined : ordered.find((l) => l.id === options.lectureId);
  if (!lecture) return view;
  const { previous, next } = neighbours(ordered, lecture.id);
  const around = (l: WatchLecture | null) => (l ? { id: l.id, title: l.title } : null);
  const own = progressOf.get(lecture.id);
  if (lecture.gate !== "allowed") {
    view.current = {
      lecture: { ...lecture, body: "" },
      components: [],
      note: "",
      starred: false,
      previous: around(previous),
      next: around(next),
    };
    return view;
  }
  const [body, componentRows, note] = await Promise.all([
    db.selectFrom("lectures").select("body").where("id", "=", lecture.id).executeTakeFirst(),
    db
      .selectFrom("lecture_components")
      .select(["id", "kind", "data"])
      .where("lecture_id", "=", lecture.id)
      .orderBy("position")
      .orderBy("id")
      .execute(),
    options.user && own
      ? db
          .selectFrom("lecture_progress")
          .select("note")
          .where("user_id", "=", options.user.id)
          .where("lecture_id", "=", lecture.id)
          .executeTakeFirst()
      : Promise.resolve(undefined),
  ]);
  view.current = {
    lecture: { ...lecture, body: body?.body ?? "" },
    components: componentRows.map(parseComponent).filter((c): c is WatchComponent => c !== null),
    note: note?.note ?? "",
    starred: Number(own?.starred ?? 0) === 1,
    previous: around(previous),
    next: around(next),
  };
  return view;
}
