import { describe, expect, it } from "vitest";
import { sendProblem } from "./send-problem.ts";

const error = (status: number, errors: Record<string, string[]> = {}, message = "The given data was invalid.") => ({
  status,
  errors,
  message,
});

describe("sendProblem (§5, §8)", () => {
  it("a 422 for a text over the limit warns with the limit and the current length", () => {
    expect(sendProblem(error(422, { body: ["too long"] }), "x".repeat(1250), 1200)).toEqual({
      kind: "too_long",
      max: 1200,
      length: 1250,
    });
  });

  it("another 422 shows the first body error", () => {
    expect(sendProblem(error(422, { body: ["Minimum characters: 2.", "second"] }), "a", 1200)).toEqual({
      kind: "invalid",
      message: "Minimum characters: 2.",
    });
    expect(sendProblem(error(422, { image: ["Not an image"] }), "fine text", 1200)).toEqual({
      kind: "invalid",
      message: "Not an image",
    });
    expect(sendProblem(error(422, {}, "Invalid"), "fine text", 1200)).toEqual({ kind: "invalid", message: "Invalid" });
  });

  it("401 asks to log in, 419 says the session expired", () => {
    expect(sendProblem(error(401), "hello", 1200)).toEqual({ kind: "login" });
    expect(sendProblem(error(419), "hello", 1200)).toEqual({ kind: "expired" });
  });

  it("anything else is left to the 'Something went wrong' toast", () => {
    for (const status of [0, 403, 404, 409, 500, 503]) expect(sendProblem(error(status), "hello", 1200)).toBeNull();
  });
});
