import { describe, expect, it } from "vitest";
import { courseFunnel, isStuck, type StudentSummary, studentProgress } from "./funnel.ts";
import { studentPage } from "./student-page.ts";

const now = new Date("2026-11-27T12:00:00Z");
const daysAgo = (days: number) => new Date(now.getTime() - days * 86400000).toISOString();
const student = (id: number, completed: number, furthest: number | null, lastDays: number | null): StudentSummary => ({
  user_id: id,
  name: `Student ${String.fromCharCode(64 + id)}`,
  email: `s${id}@example.com`,
  completed,
  furthest,
  last_activity_at: lastDays === null ? null : daysAgo(lastDays),
});
const lectures = [
  { id: 11, title: "Intro", completed_by: 4 },
  { id: 12, title: "Middle", completed_by: 3 },
  { id: 13, title: "End", completed_by: 1 },
];

describe("a student is stuck", () => {
  it("when not finished and quiet for the chosen days, never when finished", () => {
    expect(isStuck(student(1, 1, 0, 14), 3, now, 14)).toBe(true);
    expect(isStuck(student(1, 1, 0, 13), 3, now, 14)).toBe(false);
    expect(isStuck(student(1, 1, 0, 13), 3, now, 7)).toBe(true);
    expect(isStuck(student(1, 3, 2, 100), 3, now, 14)).toBe(false);
    expect(isStuck(student(1, 0, null, null), 3, now, 14)).toBe(true);
  });
});

describe("the course funnel", () => {
  const rows = studentProgress(
    [
      student(1, 3, 2, 1), // finished
      student(2, 2, 1, 30), // stopped after Middle, stuck
      student(3, 2, 1, 2), // stopped after Middle, active
      student(4, 1, 0, 20), // stopped after Intro
      student(5, 0, null, 40), // never started
    ],
    3,
    now,
    14,
  );

  it("counts finishers, the completion rate, the stuck and who never started", () => {
    const funnel = courseFunnel(lectures, rows);
    expect(funnel).toMatchObject({ students: 5, finished: 1, completion_rate: 20, stuck: 3, never_started: 1 });
    expect(rows.map((row) => row.percent)).toEqual([100, 66, 66, 33, 0]);
  });

  it("tells after which lecture students stop, and the lecture where most do", () => {
    const funnel = courseFunnel(lectures, rows);
    expect(funnel.lectures.map((l) => [l.id, l.completed_by, l.stopped_after])).toEqual([
      [11, 4, 1],
      [12, 3, 2],
      [13, 1, 0],
    ]);
    expect(funnel.drop_off_lecture_id).toBe(12);
    expect(courseFunnel(lectures, rows.slice(0, 1)).drop_off_lecture_id).toBeNull();
  });

  it("pages the students, stuck only or all, by progress or by last activity", () => {
    expect(studentPage(rows, { show: "stuck", sort: "name", page: 1 }).rows.map((r) => r.user_id)).toEqual([2, 4, 5]);
    expect(studentPage(rows, { show: "all", sort: "progress", page: 1 }).rows.map((r) => r.user_id)).toEqual([
      5, 4, 2, 3, 1,
    ]);
    expect(studentPage(rows, { show: "all", sort: "activity", page: 1 }).rows.map((r) => r.user_id)).toEqual([
      5, 2, 4, 3, 1,
    ]);
    expect(studentPage(rows, { show: "all", sort: "name", page: 9 })).toMatchObject({ page: 1, pages: 1, total: 5 });
  });
});
