// The figures of topic e-mails (issue 14, item 7), in one place:
// - a user seen in the app within SEEN_RECENTLY_MS (their session's last_seen_at) is not mailed about what happens
//   meanwhile: they are reading the community;
// - a user gets at most one notification mail per BATCH_PERIOD_MS: everything of one period goes in one mail, sent
//   when the period ends (the job key names the user and the period, so a burst of posts makes one job);
// - the 'digest' level collects a day (UTC) into one mail sent after midnight UTC.
import type { TopicNotificationLevel } from "./schemas.ts";

export const SEEN_RECENTLY_MS = 5 * 60_000;
export const BATCH_PERIOD_MS = 15 * 60_000;
export const DIGEST_PERIOD_MS = 24 * 60 * 60_000;
/** Sent rows are kept this long (a fan-out repeated within it writes nothing twice), then deleted. */
export const KEEP_SENT_MS = 3 * 24 * 60 * 60_000;

/** The levels that mail about new posts, and those that also mail about comments. */
export const POST_LEVELS: readonly TopicNotificationLevel[] = ["posts", "all", "digest"];
export const COMMENT_LEVELS: readonly TopicNotificationLevel[] = ["all", "digest"];

/** The level POST /json/email-notification {action: true} leaves: 'posts', unless a level that mails more is set. */
export function levelAfterTurningOn(current: TopicNotificationLevel | null): TopicNotificationLevel {
  return current === "all" || current === "digest" ? current : "posts";
}

/** Whether a topic sends this level's user mail at all (the user state's email_notification.community_topics). */
export function mailsOn(level: TopicNotificationLevel | null): boolean {
  return level !== null && level !== "muted";
}

/** The end of the period `nowMs` falls in: when its mail goes out. */
export function periodEnd(nowMs: number, periodMs: number): number {
  return (Math.floor(nowMs / periodMs) + 1) * periodMs;
}
