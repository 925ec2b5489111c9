// The payment status page's poll (spec §4, §9), pure so that it can be tested with fake timers:
// - PERFORMED, CLEARED, ACCESS_GRANTED are success; FAILURE, ERROR, CANCELED failure; any other status is pending
//   and is checked again 5 s after the previous check answered;
// - a 502 answer counts as a successful check and polling goes on; any other failed check is a failure;
// - 60 s after the page started, with at least one successful check, the no-confirmation warning shows (polling
//   goes on);
// - success and failure stop everything.
export const POLL_INTERVAL_MS = 5_000;
export const NO_CONFIRMATION_WARNING_MS = 60_000;

export type PaymentPhase = "pending" | "success" | "failure";

const successStatuses: ReadonlySet<string> = new Set(["PERFORMED", "CLEARED", "ACCESS_GRANTED"]);
const failureStatuses: ReadonlySet<string> = new Set(["FAILURE", "ERROR", "CANCELED"]);

export function phaseOf(status: string): PaymentPhase {
  if (successStatuses.has(status)) return "success";
  if (failureStatuses.has(status)) return "failure";
  return "pending";
}

/** What one check brought: the status answer, or the HTTP status of a failed call (0: no answer at all). */
export type CheckOutcome<T> = { ok: true; status: string; data: T } | { ok: false; httpStatus: number };

export type PollSnapshot<T> = {
  phase: PaymentPhase;
  status: string;
  data: T;
  successfulChecks: number;
  /** 'We haven't received a transaction confirmation yet...' */
  warning: boolean;
};

export type PollTimers = {
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  now: () => number;
};

export type PollOptions<T> = {
  /** the status the page was rendered with */
  initial: { status: string; data: T };
  /** checks that already succeeded before polling starts (the server-rendered status is one) */
  initialSuccessfulChecks?: number;
  check: () => Promise<CheckOutcome<T>>;
  onChange: (snapshot: PollSnapshot<T>) => void;
  timers?: PollTimers;
};

const realTimers: PollTimers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
  now: () => Date.now(),
};

export type PaymentPoll<T> = { stop(): void; snapshot(): PollSnapshot<T> };

export function startPaymentPoll<T>(options: PollOptions<T>): PaymentPoll<T> {
  const timers = options.timers ?? realTimers;
  let state: PollSnapshot<T> = {
    phase: phaseOf(options.initial.status),
    status: options.initial.status,
    data: options.initial.data,
    successfulChecks: options.initialSuccessfulChecks ?? 1,
    warning: false,
  };
  let stopped = false;
  let nextCheck: unknown = null;
  let warningTimer: unknown = null;
  const startedAt = timers.now();

  const settle = () => {
    stopped = true;
    if (nextCheck !== null) timers.clearTimeout(nextCheck);
    if (warningTimer !== null) timers.clearTimeout(warningTimer);
    nextCheck = warningTimer = null;
  };
  const emit = (next: PollSnapshot<T>) => {
    state = next;
    options.onChange(state);
  };
  const warningDue = (checks: number) => checks >= 1 && timers.now() - startedAt >= NO_CONFIRMATION_WARNING_MS;

  async function runCheck() {
    nextCheck = null;
    let outcome: CheckOutcome<T>;
    try {
      outcome = await options.check();
    } catch {
      outcome = { ok: false, httpStatus: 0 };
    }
    if (stopped) return;
    let next: PollSnapshot<T>;
    if (outcome.ok) {
      next = {
        ...state,
        status: outcome.status,
        data: outcome.data,
        phase: phaseOf(outcome.status),
        successfulChecks: state.successfulChecks + 1,
      };
    } else if (outcome.httpStatus === 502) {
      next = { ...state, successfulChecks: state.successfulChecks + 1 };
    } else {
      next = { ...state, phase: "failure" };
    }
    if (next.phase === "pending") {
      next.warning = next.warning || warningDue(next.successfulChecks);
      nextCheck = timers.setTimeout(() => void runCheck(), POLL_INTERVAL_MS);
    } else {
      next.warning = false;
      settle();
    }
    emit(next);
  }

  if (state.phase === "pending") {
    nextCheck = timers.setTimeout(() => void runCheck(), POLL_INTERVAL_MS);
    warningTimer = timers.setTimeout(() => {
      warningTimer = null;
      if (!stopped && state.phase === "pending" && !state.warning && warningDue(state.successfulChecks))
        emit({ ...state, warning: true });
    }, NO_CONFIRMATION_WARNING_MS);
  } else {
    stopped = true;
  }

  return {
    stop: settle,
    snapshot: () => state,
  };
}
