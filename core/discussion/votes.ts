// Vote counting (spec §3 "Votable item", §4 "Vote"). Pure: the server applies resolveVote inside the vote's
// transaction, the browser applies countAfterVote to the answer, and both agree (votes.test.ts).
import type { VoteValue } from "./schemas.ts";

/**
 * What a vote request does to the user's current vote: the same value again takes it back (0), any other value
 * replaces it. upDelta is the change of the item's up_votes_count (only up votes are counted).
 */
export function resolveVote(previous: VoteValue, requested: VoteValue): { value: VoteValue; upDelta: -1 | 0 | 1 } {
  const value: VoteValue = requested !== 0 && requested === previous ? 0 : requested;
  const upDelta = ((value === 1 ? 1 : 0) - (previous === 1 ? 1 : 0)) as -1 | 0 | 1;
  return { value, upDelta };
}

/**
 * The client's rule (§4): an up-vote sends 1, and the count rises by 1 when the answer's value is 1 and drops by 1
 * when it is 0; a down-vote sends -1, and the count drops by 1 when the previous vote was up.
 */
export function countAfterVote(count: number, previous: VoteValue, sent: 1 | -1, answered: VoteValue): number {
  if (sent === 1) return answered === 1 ? count + 1 : answered === 0 ? Math.max(0, count - 1) : count;
  return previous === 1 ? Math.max(0, count - 1) : count;
}

/** The thumbs' colour (§4): green for an up vote, red for a down vote, otherwise dark. */
export function thumbTone(value: VoteValue, thumb: "up" | "down"): "green" | "red" | "dark" {
  if (thumb === "up" && value === 1) return "green";
  if (thumb === "down" && value === -1) return "red";
  return "dark";
}
