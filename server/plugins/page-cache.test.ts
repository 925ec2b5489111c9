import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { inlineScriptHashes } from "./page-cache.ts";

const sha256 = (text: string) => createHash("sha256").update(text).digest("base64");

describe("inlineScriptHashes", () => {
  it("hashes each distinct inline script's text exactly as written, and nothing loaded from a src", () => {
    const context = 'window.__reactRouterContext = {"a":"ż<\\/b>"};';
    const html = [
      "<head><script>",
      context,
      '</script><script type="module" async="">import "/assets/entry.js";</script>',
      '<script type="module" src="/assets/app.js"></script>',
      "<script>",
      context,
      "</script><script></script></head>",
    ].join("");
    expect(inlineScriptHashes(html)).toEqual([sha256(context), sha256('import "/assets/entry.js";')]);
  });

  it("finds none in a page without inline scripts", () => {
    expect(inlineScriptHashes('<p>no scripts</p><script src="/a.js"></script>')).toEqual([]);
  });
});
