import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Db } from "#platform/db/connection.ts";
import { MarkdownText, RenderedMarkdown, safeMarkdownUrl } from "./markdown-text.tsx";
import { renderMarkdown } from "./rendered-markdown.server.tsx";

// Rendered where shown (MarkdownText), and rendered once in a loader then inserted (RenderedMarkdown): the same
// HTML, so the same rules hold for both. (A database the cache cannot watch: every call renders.)
const renderers = {
  "where shown": async (markdown: string) => renderToStaticMarkup(createElement(MarkdownText, { markdown })),
  "in the loader": async (markdown: string) =>
    renderToStaticMarkup(createElement(RenderedMarkdown, { html: await renderMarkdown({} as Db, markdown) })),
};

describe("the two renderers give the same HTML", () => {
  it.each(["## Title\n\n**bold** [a](https://example.com) ![i](/i.png) <b>x</b> [j](javascript:x)", "plain"])(
    "%s",
    async (markdown) => {
      expect(await renderers["in the loader"](markdown)).toBe(await renderers["where shown"](markdown));
    },
  );
});

describe.each(Object.entries(renderers))("lecture markdown, rendered %s", (_name, render) => {
  it("renders markdown", async () => {
    const html = await render("## Title\n\n**bold** and [a link](https://example.com/a)");
    expect(html).toContain("<h2>Title</h2>");
    expect(html).toContain("<strong>bold</strong>");
    expect(html).toContain('href="https://example.com/a"');
    expect(html).toContain('rel="noopener noreferrer nofollow"');
  });

  it("never renders raw HTML", async () => {
    const html = await render('Hi <script>alert(1)</script> <img src=x onerror="alert(1)"> <b>bold</b>');
    expect(html).not.toMatch(/<script|onerror|<b>/i);
  });

  it("drops javascript: and data: links and images", async () => {
    const html = await render(
      "[x](javascript:alert(1)) [y](JaVaScRiPt:alert(1)) [z](data:text/html;base64,PHNjcmlwdD4=) ![i](data:image/png;base64,AAAA) [w](<java\tscript:alert(1)>)",
    );
    expect(html).not.toContain("<img");
    // Whatever link is left resolves, as a browser would read it, to a page of the site itself.
    for (const [, href] of html.matchAll(/href="([^"]*)"/g)) {
      expect(new URL(href!.replace(/&amp;/g, "&"), "https://school.example/c/watch/1").protocol).toBe("https:");
    }
  });

  it("keeps same-site, http(s) and mailto addresses", () => {
    expect(safeMarkdownUrl("/courses")).toBe("/courses");
    expect(safeMarkdownUrl("#part-2")).toBe("#part-2");
    expect(safeMarkdownUrl("mailto:a@example.com")).toBe("mailto:a@example.com");
    expect(safeMarkdownUrl("https://example.com")).toBe("https://example.com");
    expect(safeMarkdownUrl(" java\tscript:alert(1)")).toBe("");
    expect(safeMarkdownUrl("vbscript:x")).toBe("");
  });
});
