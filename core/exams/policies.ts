// Who may do what with exams, and the time and attempt rules (pure: the use-cases ask them with the server's
// clock, the pages use them to decide what to show).
import type { ExamShowAnswers } from "#platform/db/schema.ts";
import { type Actor, isAdmin, isSignedIn } from "../shared/actor.ts";

/** Building, editing, archiving exams, grading and reading statistics: the admins. */
export function canManageExams(actor: Actor): boolean {
  return isAdmin(actor);
}

/** Taking an exam: a signed-in member (the course's or the product's access decides which: exam-reach.ts). */
export function canTakeExams(actor: Actor): boolean {
  return isSignedIn(actor);
}

/** The deadline of an attempt started at `startedAt`, or null without a time limit. */
export function deadlineOf(startedAt: string, timeLimitMinutes: number | null): string | null {
  if (timeLimitMinutes === null) return null;
  return new Date(Date.parse(startedAt) + timeLimitMinutes * 60_000).toISOString();
}

/** Past the deadline: an answer saved now is refused, and an open attempt is closed with what was saved. */
export function isPastDeadline(deadlineAt: string | null, now: string): boolean {
  return deadlineAt !== null && Date.parse(now) >= Date.parse(deadlineAt);
}

/** Attempts left: null when unlimited. */
export function attemptsLeft(maxAttempts: number | null, used: number): number | null {
  return maxAttempts === null ? null : Math.max(0, maxAttempts - used);
}

/**
 * Whether the student sees the correct answers of a scored attempt: never; after their last attempt (none left);
 * or once passed (and also after the last attempt, so a student who never passes sees them at the end).
 */
export function mayShowAnswers(
  rule: ExamShowAnswers,
  state: { attemptsLeft: number | null; passed: boolean },
): boolean {
  if (rule === "never") return false;
  const last = state.attemptsLeft === 0;
  return rule === "after_last_attempt" ? last : last || state.passed;
}
