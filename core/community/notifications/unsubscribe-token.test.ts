import { describe, expect, it } from "vitest";
import { readUnsubscribeToken, unsubscribeToken } from "./unsubscribe-token.ts";

const secret = Buffer.from("one-secret-one-secret-one-secret");
const other = Buffer.from("another-secret-another-secret-00");

describe("unsubscribe tokens", () => {
  it("reads back the user and the topics it was signed for (sorted, once each)", () => {
    const token = unsubscribeToken(secret, { userId: 7, topicIds: [3, 1, 3] });
    expect(token).toMatch(/^7\.1-3\.[A-Za-z0-9_-]{43}$/);
    expect(readUnsubscribeToken(secret, token)).toEqual({ userId: 7, topicIds: [1, 3] });
  });

  it("refuses a token signed with another secret, or with its user or topics changed", () => {
    const token = unsubscribeToken(secret, { userId: 7, topicIds: [1] });
    const signature = token.split(".")[2];
    expect(readUnsubscribeToken(other, token)).toBeNull();
    expect(readUnsubscribeToken(secret, `8.1.${signature}`)).toBeNull();
    expect(readUnsubscribeToken(secret, `7.1-2.${signature}`)).toBeNull();
    expect(readUnsubscribeToken(secret, `7.1.${signature!.slice(0, -1)}A`)).toBeNull();
  });

  it("refuses malformed tokens", () => {
    for (const bad of ["", "7", "7.1", "a.b.c", "7.1.x.y", "0.1.abc", "7..abc"]) {
      expect(readUnsubscribeToken(secret, bad)).toBeNull();
    }
  });
});
