// The watch page's rules, pure so that they are unit-tested on their own: who sees which course and lecture,
// what stands between a viewer and a lecture (spec §6), the progress percentage, previous / next, and which
// lecture a returning student resumes at.
import type { CourseStatus, LectureAccess, LectureStatus, Role } from "#platform/db/schema.ts";
import { lectureGate } from "./course-access.ts";

/** Who is looking. An admin with `?preview=student` is treated as a logged-in student without access. */
export type WatchViewer = {
  loggedIn: boolean;
  /** an admin who is not previewing: sees drafts and every lecture */
  isAdmin: boolean;
  /** may watch the course's paid lectures (always false in a preview) */
  hasAccess: boolean;
  /** an admin looking through a student's eyes */
  preview: boolean;
};

export function resolveWatchViewer(
  user: { role: Role } | null,
  options: { hasAccess: boolean; previewAsStudent: boolean },
): WatchViewer {
  if (!user) return { loggedIn: false, isAdmin: false, hasAccess: false, preview: false };
  if (user.role === "admin") {
    return options.previewAsStudent
      ? { loggedIn: true, isAdmin: false, hasAccess: false, preview: true }
      : { loggedIn: true, isAdmin: true, hasAccess: true, preview: false };
  }
  return { loggedIn: true, isAdmin: false, hasAccess: options.hasAccess, preview: false };
}

/**
 * A published course is open to everyone; an unpublished one (no longer sold) stays open to the students who
 * have access; a draft only to admins. A preview is made by an admin before publishing, so it sees any status.
 */
export function courseVisible(status: CourseStatus, viewer: WatchViewer): boolean {
  if (viewer.isAdmin || viewer.preview) return true;
  if (status === "published") return true;
  return status === "unpublished" && viewer.hasAccess;
}

/**
 * Draft lectures exist only for admins. A preview shows them too (marked as drafts): the author previews a
 * lecture before publishing it, gated as a student without access would be once it is published.
 */
export function lectureVisible(status: LectureStatus, viewer: WatchViewer): boolean {
  return status === "published" || viewer.isAdmin || viewer.preview;
}

/** `locked`: the viewer may open the lecture, but not yet (its drip release, drip-rules.ts). */
export type WatchGate = "allowed" | "login" | "buy" | "locked";

/**
 * §6: free lectures for everyone, login-required lectures for logged-in users, paid lectures for students with
 * access. A logged-out viewer of a login-required lecture is sent to log in; anyone without access to a paid
 * lecture is sent to the course's checkout (which offers logging in or registering itself).
 */
export function watchGate(access: LectureAccess, viewer: WatchViewer): Exclude<WatchGate, "locked"> {
  const gate = lectureGate(access, { loggedIn: viewer.loggedIn, hasAccess: viewer.hasAccess });
  if (gate === "login" && access === "paid") return "buy";
  return gate;
}

/** Whole percent of the course's published lectures completed, rounded down (100 only when all are done). */
export function progressPercent(completed: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.floor((Math.max(0, completed) * 100) / total));
}

/** The lectures before and after the current one, in curriculum order across sections. */
export function neighbours<T extends { id: number }>(
  ordered: readonly T[],
  currentId: number,
): { previous: T | null; next: T | null } {
  const index = ordered.findIndex((lecture) => lecture.id === currentId);
  if (index < 0) return { previous: null, next: null };
  return { previous: ordered[index - 1] ?? null, next: ordered[index + 1] ?? null };
}

/**
 * Where a returning viewer resumes: the last lecture they viewed, when they may still open it; otherwise the
 * first lecture they may open; null when they may open none.
 */
export function chooseResumeLecture(
  ordered: readonly { id: number; gate: WatchGate }[],
  lastViewedId: number | null,
): number | null {
  const last = lastViewedId === null ? undefined : ordered.find((lecture) => lecture.id === lastViewedId);
  if (last && last.gate === "allowed") return last.id;
  return ordered.find((lecture) => lecture.gate === "allowed")?.id ?? null;
}

export type WatchEntry =
  { kind: "lecture"; lectureId: number } | { kind: "login" } | { kind: "buy" } | { kind: "empty" };

/**
 * Where `/{course}/watch` leads: the resume lecture; or, when the viewer may open none yet, the first lecture
 * still locked by its drip release (its page says when it opens); otherwise the login page if logging in would
 * open one, else the checkout; `empty` when the course has no lecture to show.
 */
export function watchEntry(
  ordered: readonly { id: number; gate: WatchGate }[],
  lastViewedId: number | null,
): WatchEntry {
  if (ordered.length === 0) return { kind: "empty" };
  const resume = chooseResumeLecture(ordered, lastViewedId);
  if (resume !== null) return { kind: "lecture", lectureId: resume };
  const locked = ordered.find((lecture) => lecture.gate === "locked");
  if (locked) return { kind: "lecture", lectureId: locked.id };
  return ordered.some((lecture) => lecture.gate === "login") ? { kind: "login" } : { kind: "buy" };
}

/** The lecture of the list the viewer opened most recently, or null when they opened none of them. */
export function lastViewedLecture(
  ordered: readonly { id: number }[],
  lastViewedAt: (lectureId: number) => string | null | undefined,
): number | null {
  let last: { id: number; at: string } | null = null;
  for (const lecture of ordered) {
    const at = lastViewedAt(lecture.id);
    if (at && (!last || at > last.at)) last = { id: lecture.id, at };
  }
  return last?.id ?? null;
}
