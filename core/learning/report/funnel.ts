// The shape of a course report (issue 17 item 6), pure: where students stand and where they stop. Every student is
// summarised by how many published lectures they completed, when they were last active, and the furthest lecture
// (in the curriculum's order) they completed; the report counts, per lecture, how many completed it and how many
// stopped right after it (their furthest lecture, course not finished), and calls a student stuck when they have
// not finished and nothing happened for `stuckDays`.
import { progressPercent } from "../watch-rules.ts";

export const STUCK_DAYS_DEFAULT = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

export type StudentSummary = {
  user_id: number;
  name: string;
  email: string;
  completed: number;
  /** the latest progress written, or the access's start when there is none yet */
  last_activity_at: string | null;
  /** index in the curriculum's order of the furthest completed lecture, or null for none */
  furthest: number | null;
};

export type StudentProgress = StudentSummary & { percent: number; finished: boolean; stuck: boolean };

export type LectureFunnelRow = { id: number; title: string; completed_by: number; stopped_after: number };

export type CourseFunnel = {
  students: number;
  finished: number;
  /** 0..100, whole percent */
  completion_rate: number;
  stuck: number;
  never_started: number;
  lectures: LectureFunnelRow[];
  /** the lecture after which most students stopped, or null when nobody stopped after one */
  drop_off_lecture_id: number | null;
};

export function isStuck(summary: StudentSummary, total: number, now: Date, stuckDays: number): boolean {
  if (total > 0 && summary.completed >= total) return false;
  if (!summary.last_activity_at) return true;
  return now.getTime() - Date.parse(summary.last_activity_at) >= stuckDays * DAY_MS;
}

export function studentProgress(
  summaries: StudentSummary[],
  total: number,
  now: Date,
  stuckDays: number,
): StudentProgress[] {
  return summaries.map((summary) => ({
    ...summary,
    percent: progressPercent(summary.completed, total),
    finished: total > 0 && summary.completed >= total,
    stuck: isStuck(summary, total, now, stuckDays),
  }));
}

export function courseFunnel(
  lectures: { id: number; title: string; completed_by: number }[],
  students: StudentProgress[],
): CourseFunnel {
  const stoppedAfter = new Array<number>(lectures.length).fill(0);
  let neverStarted = 0;
  for (const student of students) {
    if (student.finished) continue;
    if (student.furthest === null) neverStarted += 1;
    else if (student.furthest < lectures.length) stoppedAfter[student.furthest]! += 1;
  }
  let dropOff: number | null = null;
  let most = 0;
  for (const [index, count] of stoppedAfter.entries()) {
    if (count > most) {
      most = count;
      dropOff = lectures[index]!.id;
    }
  }
  const finished = students.filter((student) => student.finished).length;
  return {
    students: students.length,
    finished,
    completion_rate: progressPercent(finished, students.length),
    stuck: students.filter((student) => student.stuck).length,
    never_started: neverStarted,
    lectures: lectures.map((lecture, index) => ({ ...lecture, stopped_after: stoppedAfter[index]! })),
    drop_off_lecture_id: dropOff,
  };
}
