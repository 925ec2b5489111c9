// The status page's live state: starts from the server-rendered status and, while it is pending, polls
// POST /transaction/{hash}/pending by the rules of payment-poll.ts. Poll failures show no toast: the page itself
// says what happened.
import { useEffect, useState } from "react";
import type { TransactionView } from "#core/selling/transaction-status.ts";
import { ApiError, api } from "#app/lib/api.ts";
import { type CheckOutcome, phaseOf, type PollSnapshot, startPaymentPoll } from "./payment-poll.ts";

async function checkStatus(hash: string): Promise<CheckOutcome<TransactionView>> {
  try {
    // No body: the poll has no input, and every launch-day buyer sends it every 5 s (bench/selling.ts).
    const data = await api<TransactionView>("POST", `/transaction/${encodeURIComponent(hash)}/pending`, undefined, {
      silent: true,
    });
    return { ok: true, status: data.status, data };
  } catch (error) {
    return { ok: false, httpStatus: error instanceof ApiError ? error.status : 0 };
  }
}

export function usePaymentStatus(initial: TransactionView): PollSnapshot<TransactionView> {
  const hash = initial.transaction.hash;
  const [snapshot, setSnapshot] = useState<PollSnapshot<TransactionView>>(() => ({
    phase: phaseOf(initial.status),
    status: initial.status,
    data: initial,
    successfulChecks: 1,
    warning: false,
  }));
  useEffect(() => {
    const poll = startPaymentPoll<TransactionView>({
      initial: { status: initial.status, data: initial },
      check: () => checkStatus(hash),
      onChange: setSnapshot,
    });
    return () => poll.stop();
    // The poll belongs to one transaction; a new server render of the same one does not restart it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hash]);
  return snapshot;
}
