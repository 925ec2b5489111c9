// Markdown texts (a lecture's body and markdown components, a course's or product's description) rendered to HTML
// once per text, on the server: parsing markdown again on every request was ~10% of a watch page. An entry is
// keyed by the SHA-256 of the text itself, so an edited text is a new key (every process renders the new version
// at once, whatever it kept); nothing is copied from a table, so no write empties it, and the age bound only
// lets unused versions go. The HTML is what MarkdownText would render (the same react-markdown rules: raw HTML
// dropped, only safe links), so it may be inserted as it is (RenderedMarkdown).
import { createHash } from "node:crypto";
import Markdown from "react-markdown";
import { renderToStaticMarkup } from "react-dom/server";
import { defineCache } from "#platform/cache/cache.ts";
import type { Db } from "#platform/db/connection.ts";
import type { WatchComponent } from "#core/learning/get-watch-view.ts";
import type { ShownComponent } from "./lecture-components.tsx";
import { markdownComponents, safeMarkdownUrl } from "./markdown-text.tsx";

const renderedMarkdown = defineCache<string, string>({
  name: "rendered-markdown",
  tables: [],
  maxAgeMs: 60 * 60 * 1000,
  maxEntries: 2000,
});

function markdownToHtml(markdown: string): string {
  return renderToStaticMarkup(
    <Markdown skipHtml urlTransform={safeMarkdownUrl} components={markdownComponents}>
      {markdown}
    </Markdown>,
  );
}

/** The text's HTML, rendered once per text and kept. */
export async function renderMarkdown(db: Db, markdown: string): Promise<string> {
  if (!markdown.trim()) return "";
  const key = createHash("sha256").update(markdown).digest("base64");
  return renderedMarkdown.peek(db, key) ?? renderedMarkdown.refresh(db, key, async () => markdownToHtml(markdown));
}

/** A lecture's components as the page shows them: markdown components carry their rendered HTML instead. */
export function withRenderedMarkdown(db: Db, components: WatchComponent[]): Promise<ShownComponent[]> {
  return Promise.all(
    components.map(async (component): Promise<ShownComponent> =>
      component.kind === "markdown"
        ? { id: component.id, kind: "markdown", data: { html: await renderMarkdown(db, component.data.markdown) } }
        : component,
    ),
  );
}
