// The browser's error reporting leaves out what the spec says to ignore (§8): 419 and network errors.
import { expect, it } from "vitest";
import { ApiError } from "./api.ts";
import { isIgnoredError } from "./browser-error-reporting.ts";

it("ignores a 419 and a request that never got an answer, and nothing else", () => {
  expect(isIgnoredError(new ApiError(419, "Session expired"))).toBe(true);
  expect(isIgnoredError(new ApiError(0, "Network error"))).toBe(true);
  expect(isIgnoredError(new TypeError("Failed to fetch"))).toBe(true);
  expect(isIgnoredError(new TypeError("NetworkError when attempting to fetch resource."))).toBe(true);
  expect(isIgnoredError(new ApiError(500, "Something went wrong"))).toBe(false);
  expect(isIgnoredError(new ApiError(404, "Not found"))).toBe(false);
  expect(isIgnoredError(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(false);
  expect(isIgnoredError(new Error("Failed to fetch"))).toBe(false);
});
