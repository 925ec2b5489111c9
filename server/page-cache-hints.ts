// What a cacheable page's loader tells the rendered-page cache (server/plugins/page-cache.ts): until when the page
// stays right by itself. A sales page showing a promotion must be rendered anew when the promotion ends, though no
// data changed. Like page-context.ts, this module stays outside the page bundle so both sides share the key.
import { createContext } from "react-router";

export type PageCacheHints = {
  /** The page changes by itself at this moment (ISO-8601 UTC); null: no such moment. */
  validUntil(moment: string | null): void;
  /**
   * True when the page cache renders the page to store it: the document is then produced whole, after all its
   * deferred data (React Router's streamed loader data too), so the stored bytes are the same on every render
   * (app/entry.server.tsx).
   */
  forCache: boolean;
};

/** Outside the cache (logged-in viewers, tests) the hints go nowhere. */
export const pageCacheHints = createContext<PageCacheHints>({ validUntil() {}, forCache: false });

/** The route module export that makes a page cacheable for anonymous visitors:
 *  `export const handle: PageCacheHandle = { pageCache: true }` (a literal, so the browser bundle imports nothing). */
export type PageCacheHandle = { pageCache: true };
