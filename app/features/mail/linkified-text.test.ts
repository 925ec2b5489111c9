import { describe, expect, it } from "vitest";
import { splitLinks } from "./linkified-text.tsx";

describe("splitLinks", () => {
  it("turns http(s) addresses into links and leaves the rest as text", () => {
    const text = "Open this link:\n\nhttp://school.example/reset-password?token=a-b_c%2F1\n\nThanks.";
    expect(splitLinks(text)).toEqual([
      { text: "Open this link:\n\n" },
      {
        text: "http://school.example/reset-password?token=a-b_c%2F1",
        href: "http://school.example/reset-password?token=a-b_c%2F1",
      },
      { text: "\n\nThanks." },
    ]);
  });

  it("leaves sentence punctuation outside the link", () => {
    expect(splitLinks("See https://a.example/x. Or (https://b.example/y).")).toEqual([
      { text: "See " },
      { text: "https://a.example/x", href: "https://a.example/x" },
      { text: ". Or (" },
      { text: "https://b.example/y", href: "https://b.example/y" },
      { text: ")." },
    ]);
  });

  it("never links other schemes", () => {
    expect(splitLinks("javascript:alert(1) data:text/html,<b>x</b> ftp://x")).toEqual([
      { text: "javascript:alert(1) data:text/html,<b>x</b> ftp://x" },
    ]);
  });
});
