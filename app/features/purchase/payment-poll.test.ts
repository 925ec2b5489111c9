// The status page's poll rules (spec §4, §9) with fake timers: 5 s cadence, the 502 rule, the 60 s warning rule,
// and stopping on success and failure.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  type CheckOutcome,
  NO_CONFIRMATION_WARNING_MS,
  phaseOf,
  POLL_INTERVAL_MS,
  type PollSnapshot,
  startPaymentPoll,
} from "./payment-poll.ts";

type Data = { n: number };

function scripted(answers: (CheckOutcome<Data> | Error)[]) {
  const calls: number[] = [];
  const check = vi.fn(async () => {
    calls.push(Date.now());
    const answer = answers.length > 1 ? answers.shift()! : answers[0]!;
    if (answer instanceof Error) throw answer;
    return answer;
  });
  return { check, calls };
}

const pending = (n = 0): CheckOutcome<Data> => ({ ok: true, status: "PENDING", data: { n } });
const status = (s: string): CheckOutcome<Data> => ({ ok: true, status: s, data: { n: 9 } });
const httpError = (httpStatus: number): CheckOutcome<Data> => ({ ok: false, httpStatus });

function start(check: () => Promise<CheckOutcome<Data>>, initialStatus = "PENDING", initialSuccessfulChecks?: number) {
  const seen: PollSnapshot<Data>[] = [];
  const poll = startPaymentPoll<Data>({
    initial: { status: initialStatus, data: { n: 0 } },
    initialSuccessfulChecks,
    check,
    onChange: (s) => seen.push(s),
  });
  return { poll, seen };
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date("2026-03-01T10:00:00Z") });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("phaseOf", () => {
  it("reads the spec's success, failure and waiting statuses", () => {
    for (const s of ["PERFORMED", "CLEARED", "ACCESS_GRANTED"]) expect(phaseOf(s)).toBe("success");
    for (const s of ["FAILURE", "ERROR", "CANCELED"]) expect(phaseOf(s)).toBe("failure");
    for (const s of ["NEW", "PENDING", "SOMETHING_ELSE", "REFUNDED"]) expect(phaseOf(s)).toBe("pending");
  });
});

describe("the payment status poll", () => {
  it("does not poll a status that is already settled", async () => {
    for (const initial of ["ACCESS_GRANTED", "CANCELED"]) {
      const { check } = scripted([pending()]);
      const { poll } = start(check, initial);
      await vi.advanceTimersByTimeAsync(120_000);
      expect(check).not.toHaveBeenCalled();
      expect(poll.snapshot().phase).toBe(phaseOf(initial));
    }
  });

  it("checks again every 5 s while pending, and stops on success", async () => {
    const { check, calls } = scripted([pending(1), pending(2), status("ACCESS_GRANTED"), pending(3)]);
    const { poll, seen } = start(check);
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS - 1);
    expect(check).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(check).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 2);
    expect(check).toHaveBeenCalledTimes(3);
    const start0 = new Date("2026-03-01T10:00:00Z").getTime();
    expect(calls.map((t) => t - start0)).toEqual([5_000, 10_000, 15_000]);
    expect(poll.snapshot()).toMatchObject({ phase: "success", status: "ACCESS_GRANTED", data: { n: 9 } });
    await vi.advanceTimersByTimeAsync(120_000);
    expect(check).toHaveBeenCalledTimes(3);
    expect(seen.map((s) => s.phase)).toEqual(["pending", "pending", "success"]);
  });

  it("counts each of the spec's success statuses as success", async () => {
    for (const s of ["PERFORMED", "CLEARED", "ACCESS_GRANTED"]) {
      const { check } = scripted([status(s)]);
      const { poll } = start(check);
      await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
      expect(poll.snapshot().phase).toBe("success");
    }
  });

  it("stops on the failure statuses", async () => {
    for (const s of ["FAILURE", "ERROR", "CANCELED"]) {
      const { check } = scripted([pending(), status(s)]);
      const { poll } = start(check);
      await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 2);
      expect(poll.snapshot()).toMatchObject({ phase: "failure", status: s });
      await vi.advanceTimersByTimeAsync(60_000);
      expect(check).toHaveBeenCalledTimes(2);
    }
  });

  it("waits 5 s after a slow answer before the next check (never two at once)", async () => {
    let release: (value: CheckOutcome<Data>) => void = () => {};
    const check = vi
      .fn<() => Promise<CheckOutcome<Data>>>()
      .mockImplementationOnce(() => new Promise((resolve) => (release = resolve)))
      .mockResolvedValue(pending());
    start(check);
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS + 20_000);
    expect(check).toHaveBeenCalledTimes(1);
    release(pending());
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS - 1);
    expect(check).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(check).toHaveBeenCalledTimes(2);
  });

  it("takes a 502 as a successful check and goes on polling", async () => {
    const { check } = scripted([httpError(502), httpError(502), status("PERFORMED")]);
    const { poll, seen } = start(check, "PENDING", 0);
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 2);
    expect(poll.snapshot()).toMatchObject({ phase: "pending", successfulChecks: 2 });
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(poll.snapshot().phase).toBe("success");
    expect(seen.map((s) => s.phase)).toEqual(["pending", "pending", "success"]);
  });

  it("takes any other failed check as a failure and stops", async () => {
    for (const failure of [httpError(500), httpError(503), httpError(404), httpError(0), new Error("offline")]) {
      const { check } = scripted([pending(), failure, pending()]);
      const { poll } = start(check);
      await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 2);
      expect(poll.snapshot().phase).toBe("failure");
      await vi.advanceTimersByTimeAsync(60_000);
      expect(check).toHaveBeenCalledTimes(2);
    }
  });

  it("warns after 60 s without a confirmation and keeps polling", async () => {
    const { check } = scripted([pending()]);
    const { poll, seen } = start(check);
    await vi.advanceTimersByTimeAsync(NO_CONFIRMATION_WARNING_MS - 1);
    expect(poll.snapshot().warning).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(poll.snapshot()).toMatchObject({ warning: true, phase: "pending" });
    expect(seen.filter((s) => s.warning)).not.toHaveLength(0);
    const checks = check.mock.calls.length;
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 3);
    expect(check.mock.calls.length).toBe(checks + 3);
    expect(poll.snapshot().warning).toBe(true);
  });

  it("shows the warning only once a check has succeeded", async () => {
    let release: (value: CheckOutcome<Data>) => void = () => {};
    const check = vi.fn(() => new Promise<CheckOutcome<Data>>((resolve) => (release = resolve)));
    const { poll } = start(check, "NEW", 0);
    await vi.advanceTimersByTimeAsync(NO_CONFIRMATION_WARNING_MS + 10_000);
    expect(poll.snapshot()).toMatchObject({ warning: false, successfulChecks: 0 });
    release(pending());
    await vi.advanceTimersByTimeAsync(0);
    expect(poll.snapshot()).toMatchObject({ warning: true, successfulChecks: 1 });
  });

  it("drops the warning when the payment settles", async () => {
    const { check } = scripted([...Array.from({ length: 13 }, () => pending()), status("CLEARED")]);
    const { poll } = start(check);
    await vi.advanceTimersByTimeAsync(NO_CONFIRMATION_WARNING_MS);
    expect(poll.snapshot().warning).toBe(true);
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 2);
    expect(poll.snapshot()).toMatchObject({ phase: "success", warning: false });
  });

  it("stops when the page goes away", async () => {
    const { check } = scripted([pending()]);
    const { poll } = start(check);
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    poll.stop();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(check).toHaveBeenCalledTimes(1);
    expect(poll.snapshot().warning).toBe(false);
  });
});
