import { describe, expect, it } from "vitest";
import { createSubmitLock, SURVEY_UNLOCK_MS } from "./submit-lock.ts";

describe("the survey's submit lock", () => {
  it("locks at sending and unlocks 3 s later, refusing a second send meanwhile", () => {
    const pending: { run: () => void; ms: number }[] = [];
    const states: boolean[] = [];
    const lock = createSubmitLock(
      (locked) => states.push(locked),
      SURVEY_UNLOCK_MS,
      (run, ms) => {
        pending.push({ run, ms });
        return () => {};
      },
    );
    expect(lock.take()).toBe(true);
    expect(lock.take()).toBe(false);
    expect(pending.map((p) => p.ms)).toEqual([3000]);
    expect(states).toEqual([true]);
    pending[0]!.run();
    expect(states).toEqual([true, false]);
    expect(lock.take()).toBe(true);
  });
});
