import { describe, expect, it } from "vitest";
import { splitLinks } from "./links.ts";

describe("splitLinks", () => {
  it("cuts http(s) links out of the text, leaving sentence punctuation outside", () => {
    expect(splitLinks("See https://example.com/a?b=1, and http://x.org.")).toEqual([
      { kind: "text", text: "See " },
      { kind: "link", text: "https://example.com/a?b=1", href: "https://example.com/a?b=1" },
      { kind: "text", text: ", and " },
      { kind: "link", text: "http://x.org", href: "http://x.org" },
      { kind: "text", text: "." },
    ]);
  });

  it("leaves other schemes and markup as plain text", () => {
    expect(splitLinks('javascript:alert(1) <a href="x">y</a> data:text/html,hi')).toEqual([
      { kind: "text", text: 'javascript:alert(1) <a href="x">y</a> data:text/html,hi' },
    ]);
  });

  it("keeps a text without links whole", () => {
    expect(splitLinks("Just words\non two lines")).toEqual([{ kind: "text", text: "Just words\non two lines" }]);
    expect(splitLinks("")).toEqual([]);
  });
});
