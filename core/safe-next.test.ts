import { describe, expect, it } from "vitest";
import { safeNext } from "./safe-next.ts";

// Known open-redirect payloads (PayloadsAllTheThings "Open Redirect", OWASP cheat sheet, the issue's own), as
// they arrive after the query string is decoded once.
const refused = [
  "//evil.example",
  "///evil.example",
  "////evil.example/",
  "//evil.example/%2f..",
  "/\\evil.example",
  "/\\/evil.example",
  "\\\\evil.example",
  "\\/evil.example",
  "/\t/evil.example/",
  "/\n/evil.example",
  "/\r/evil.example",
  "/\r\n/evil.example",
  "/\u0000/evil.example",
  "\t//evil.example",
  "/\u007f/evil.example",
  "/\u0085/evil.example",
  "/.//evil.example",
  "/..//evil.example",
  "/%2e%2e//evil.example",
  "/a/../..//evil.example",
  "https://evil.example",
  "http:evil.example",
  "https:/evil.example",
  "//https://evil.example",
  "evil.example",
  "@evil.example",
  " /evil.example",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "java\tscript:alert(1)",
  "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
  "/\r\nSet-Cookie: x=1",
  "",
  `/${"a".repeat(3000)}`,
];

const accepted: [string, string][] = [
  ["/", "/"],
  ["/my", "/my"],
  ["/my/account", "/my/account"],
  ["/courses/abc?tab=reviews#top", "/courses/abc?tab=reviews#top"],
  ["/home/access-manager/7", "/home/access-manager/7"],
  // Same-site paths that only look odd: a browser reads them as paths on this site.
  ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
  ["/%09/evil.example", "/%09/evil.example"],
  ["/%5Cevil.example", "/%5Cevil.example"],
  ["/@evil.example", "/@evil.example"],
  ["/a//b", "/a//b"],
  ["/search?next=//evil.example", "/search?next=//evil.example"],
  // Returned percent-encoded, so that a Location header can carry it.
  ["/kursy/żółw", "/kursy/%C5%BC%C3%B3%C5%82w"],
  ["/a b", "/a%20b"],
];

describe("safeNext", () => {
  it.each(refused.map((payload) => [JSON.stringify(payload), payload]))("refuses %s", (_label, payload) => {
    expect(safeNext(payload)).toBeUndefined();
  });

  it.each(accepted)("accepts %s as %s", (value, expected) => {
    expect(safeNext(value)).toBe(expected);
  });

  it("refuses anything that is not a string", () => {
    for (const value of [undefined, null, 1, ["/my"], { path: "/my" }]) expect(safeNext(value)).toBeUndefined();
  });

  it("only returns paths that a browser resolves on this site", () => {
    for (const payload of [...refused, ...accepted.map(([value]) => value)]) {
      const next = safeNext(payload);
      if (next === undefined) continue;
      expect(new URL(next, "https://school.example").origin).toBe("https://school.example");
      expect(next).toMatch(/^\/(?!\/)[\x21-\x7e]*$/);
    }
  });
});
