// Vote counting (§3, §4): every transition between no vote, up and down, as the server applies it and as the
// browser predicts it from the answer; both must agree with a recount of the votes.
import { describe, expect, it } from "vitest";
import type { VoteValue } from "./schemas.ts";
import { countAfterVote, resolveVote, thumbTone } from "./votes.ts";

const values: VoteValue[] = [0, 1, -1];

describe("resolveVote (server)", () => {
  it("records a new vote", () => {
    expect(resolveVote(0, 1)).toEqual({ value: 1, upDelta: 1 });
    expect(resolveVote(0, -1)).toEqual({ value: -1, upDelta: 0 });
  });

  it("takes the vote back when the same value is sent again (toggle)", () => {
    expect(resolveVote(1, 1)).toEqual({ value: 0, upDelta: -1 });
    expect(resolveVote(-1, -1)).toEqual({ value: 0, upDelta: 0 });
  });

  it("switches up -> down and down -> up", () => {
    expect(resolveVote(1, -1)).toEqual({ value: -1, upDelta: -1 });
    expect(resolveVote(-1, 1)).toEqual({ value: 1, upDelta: 1 });
  });

  it("value 0 removes any vote", () => {
    expect(resolveVote(1, 0)).toEqual({ value: 0, upDelta: -1 });
    expect(resolveVote(-1, 0)).toEqual({ value: 0, upDelta: 0 });
    expect(resolveVote(0, 0)).toEqual({ value: 0, upDelta: 0 });
  });

  it("changes the up count exactly as a recount of up votes would", () => {
    for (const previous of values) {
      for (const requested of values) {
        const { value, upDelta } = resolveVote(previous, requested);
        expect(upDelta).toBe(Number(value === 1) - Number(previous === 1));
      }
    }
  });
});

describe("countAfterVote (client, §4)", () => {
  it("up-vote: +1 when the answer is 1, -1 when it is 0", () => {
    expect(countAfterVote(5, 0, 1, 1)).toBe(6);
    expect(countAfterVote(5, -1, 1, 1)).toBe(6);
    expect(countAfterVote(5, 1, 1, 0)).toBe(4);
  });

  it("down-vote: -1 only when the previous vote was up", () => {
    expect(countAfterVote(5, 1, -1, -1)).toBe(4);
    expect(countAfterVote(5, 0, -1, -1)).toBe(5);
    expect(countAfterVote(5, -1, -1, 0)).toBe(5);
  });

  it("agrees with the server for every transition the buttons can make", () => {
    for (const previous of values) {
      for (const sent of [1, -1] as const) {
        const { value, upDelta } = resolveVote(previous, sent);
        expect(countAfterVote(10, previous, sent, value), `${previous} then ${sent}`).toBe(10 + upDelta);
      }
    }
  });

  it("never goes below zero", () => {
    expect(countAfterVote(0, 1, 1, 0)).toBe(0);
  });
});

describe("thumb colours (§4)", () => {
  it("green thumb up for an up vote, red thumb down for a down vote, otherwise dark", () => {
    expect(thumbTone(1, "up")).toBe("green");
    expect(thumbTone(1, "down")).toBe("dark");
    expect(thumbTone(-1, "down")).toBe("red");
    expect(thumbTone(-1, "up")).toBe("dark");
    expect(thumbTone(0, "up")).toBe("dark");
    expect(thumbTone(0, "down")).toBe("dark");
  });
});
