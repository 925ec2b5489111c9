// The browser's error reporting leaves out what the spec says to ignore (§8): 419 and network errors.
import { expect, it } from "vitest";
import { ApiError } from "./api.ts";
import { isIgnoredError, scrubAddresses } from "./browser-error-reporting.ts";

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

it("sends no secret that travels in an address: queries dropped, capability segments redacted", () => {
  const event = JSON.stringify({
    request: { url: "https://school.example/reset-password?token=reset-token-abc" },
    breadcrumbs: [
      { data: { from: "/login", to: "/invitations/Inv1t4t10nT0k3n/accept" } },
      { data: { url: "/transaction/tr4nsH4sh/pending?poll=1" } },
      { message: "kept: /home/access-manager/5/invitations/7 and a question? yes" },
    ],
  });
  const scrubbed = scrubAddresses(event);
  expect(scrubbed).not.toContain("reset-token-abc");
  expect(scrubbed).not.toContain("Inv1t4t10nT0k3n");
  expect(scrubbed).not.toContain("tr4nsH4sh");
  expect(JSON.parse(scrubbed)).toEqual({
    request: { url: "https://school.example/reset-password" },
    breadcrumbs: [
      { data: { from: "/login", to: "/invitations/[redacted]/accept" } },
      { data: { url: "/transaction/[redacted]/pending" } },
      { message: "kept: /home/access-manager/5/invitations/7 and a question? yes" },
    ],
  });
});
