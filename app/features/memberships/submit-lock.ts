// The survey's submit button (spec §4, §9): locked while the answer is sent and re-enabled 3 s after sending, so a
// double click cannot send twice and a failed send can be tried again. The timer is injected so tests move time.
import { useCallback, useEffect, useRef, useState } from "react";

export const SURVEY_UNLOCK_MS = 3000;

export type Schedule = (run: () => void, ms: number) => () => void;

const browserSchedule: Schedule = (run, ms) => {
  const timer = setTimeout(run, ms);
  return () => clearTimeout(timer);
};

/** A lock taken at sending and given back `ms` after it (not when the answer comes). */
export function createSubmitLock(
  onChange: (locked: boolean) => void,
  ms = SURVEY_UNLOCK_MS,
  schedule = browserSchedule,
) {
  let cancel: (() => void) | null = null;
  let locked = false;
  return {
    get locked() {
      return locked;
    },
    /** false when already locked: the caller must not send */
    take(): boolean {
      if (locked) return false;
      locked = true;
      onChange(true);
      cancel = schedule(() => {
        locked = false;
        cancel = null;
        onChange(false);
      }, ms);
      return true;
    },
    dispose() {
      cancel?.();
    },
  };
}

export function useSubmitLock(ms = SURVEY_UNLOCK_MS, schedule?: Schedule) {
  const [locked, setLocked] = useState(false);
  const lock = useRef<ReturnType<typeof createSubmitLock> | null>(null);
  lock.current ??= createSubmitLock(setLocked, ms, schedule);
  useEffect(() => () => lock.current?.dispose(), []);
  const take = useCallback(() => lock.current!.take(), []);
  return { locked, take };
}
