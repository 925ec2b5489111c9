// Thumbs up / down with the up-vote count (§3 "Votable item", §4 "Vote"): the count changes by the §4 rules
// from the answer; the thumb is green for an up vote, red for a down vote, otherwise dark. A failed vote is only
// logged (§8: no message for the user).
import { useState } from "react";
import { clsx } from "clsx";
import { ThumbsDown, ThumbsUp } from "lucide-react";
import type { VoteResult } from "#core/discussion/cast-vote.ts";
import type { ViewerVote } from "#core/discussion/present.ts";
import type { VotableKind } from "#core/discussion/schemas.ts";
import { countAfterVote, thumbTone } from "#core/discussion/votes.ts";
import { api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";

const tones = { green: "text-emerald-700", red: "text-red-700", dark: "text-gray-800" } as const;

export function VoteButtons({
  type,
  id,
  votes,
  count,
  onVoted,
}: {
  type: VotableKind;
  id: number;
  votes: ViewerVote[];
  count: number;
  onVoted: (change: { votes: ViewerVote[]; up_votes_count: number }) => void;
}) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const mine = votes[0]?.value ?? 0;

  async function vote(sent: 1 | -1) {
    if (busy) return;
    setBusy(true);
    try {
      const result = await api<VoteResult>("POST", "/vote", { type, id, value: sent }, { silent: true });
      onVoted({ votes: result.votes, up_votes_count: countAfterVote(count, mine, sent, result.value) });
    } catch (error) {
      console.warn("vote failed", error);
    } finally {
      setBusy(false);
    }
  }

  const up = thumbTone(mine, "up");
  const down = thumbTone(mine, "down");
  const buttonClass =
    "inline-flex size-10 items-center justify-center rounded-md hover:bg-gray-100 disabled:cursor-wait";
  return (
    <div className="flex items-center">
      <button
        type="button"
        aria-pressed={mine === 1}
        aria-label={t("discussion:vote_up")}
        data-tone={up}
        disabled={busy}
        onClick={() => vote(1)}
        className={clsx(buttonClass, tones[up])}
      >
        <ThumbsUp aria-hidden className="size-5" fill={mine === 1 ? "currentColor" : "none"} />
      </button>
      <span className="min-w-6 text-center text-sm font-medium text-ink" data-testid="up-votes">
        <span className="sr-only">{t("discussion:up_votes")}: </span>
        {count}
      </span>
      <button
        type="button"
        aria-pressed={mine === -1}
        aria-label={t("discussion:vote_down")}
        data-tone={down}
        disabled={busy}
        onClick={() => vote(-1)}
        className={clsx(buttonClass, tones[down])}
      >
        <ThumbsDown aria-hidden className="size-5" fill={mine === -1 ? "currentColor" : "none"} />
      </button>
    </div>
  );
}
