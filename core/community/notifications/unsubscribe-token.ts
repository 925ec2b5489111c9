// The one-click unsubscribe link of a topic mail (RFC 8058): it names the user and the topics the mail was about,
// signed with the server's secret (HMAC-SHA256, like the password reset's link tokens), so it mutes those topics
// for that user without a login, and nothing else. It does not expire: an old mail's link still stops the mail.
import { createHmac, timingSafeEqual } from "node:crypto";
import { MAX_ID } from "#core/shared/ids.ts";

export type UnsubscribeClaim = { userId: number; topicIds: number[] };

function signature(secret: Buffer, payload: string): string {
  return createHmac("sha256", secret).update(`community-unsubscribe:${payload}`).digest("base64url");
}

/** `<user>.<topic>-<topic>.<signature>`: URL-safe as it is. */
export function unsubscribeToken(secret: Buffer, claim: UnsubscribeClaim): string {
  const topics = [...new Set(claim.topicIds)].sort((a, b) => a - b);
  const payload = `${claim.userId}.${topics.join("-")}`;
  return `${payload}.${signature(secret, payload)}`;
}

const ID = /^[1-9][0-9]{0,9}$/;

function id(text: string): number | null {
  if (!ID.test(text)) return null;
  const value = Number(text);
  return value <= MAX_ID ? value : null;
}

/** The claim of a token this server signed, or null (malformed, forged, altered). */
export function readUnsubscribeToken(secret: Buffer, token: string): UnsubscribeClaim | null {
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const [user, topics, given] = parts as [string, string, string];
  const expected = Buffer.from(signature(secret, `${user}.${topics}`));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  const userId = id(user);
  const topicIds = topics.split("-").map(id);
  if (userId === null || topicIds.length === 0 || topicIds.some((t) => t === null)) return null;
  return { userId, topicIds: topicIds as number[] };
}
