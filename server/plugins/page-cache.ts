// The rendered-page cache for anonymous visitors (the home page, the catalog /courses, the product list and pages,
// and the sales pages /{slug}): a GET from a visitor without a session cookie is answered from memory, an LRU of
// rendered HTML keyed by address and language.
//
// - Which pages: routes whose module exports `handle = { pageCache: true }` (server/page-cache-hints.ts), found by
//   matching the address against the page build's routes before rendering.
// - Freshness: every entry keeps the "catalog" cache version (platform/cache/versions.ts) read before it was
//   rendered; any write to the tables the pages show (courses, lectures, prices, reviews, the school settings...:
//   CATALOG_TABLES) bumps that version in its own transaction through a database trigger, so all processes see
//   their entries go stale. The version is kept by the cache primitive (platform/cache/cache.ts): this process's
//   writes to those tables renew it at once, another process's within VERSION_MEMO_MS. An entry also keeps the school row's updated_at it was
//   rendered with (the school itself is cached for 2 s per process), expires when the page said it changes by itself
//   (a promotion starting or ending), and after MAX_AGE_MS in any case.
// - Stored bytes: an entry is the whole answer, the same for every visitor, so a hit only writes it. The page is
//   rendered without a CSP nonce and without a CSRF token: its Content-Security-Policy names the SHA-256 of each
//   inline script instead (docs/decisions/0006-hashed-csp-for-cached-pages.md), and the page's scripts fetch a
//   token from GET /csrf-token before their first call (app/lib/api.ts). It is kept plain and gzipped (compressed
//   once, ~4x fewer bytes); a browser that takes gzip gets the gzipped bytes. A page asked for again is also
//   compressed with brotli at its highest quality (~16% fewer bytes than gzip, but ~30 ms of CPU for a sales page,
//   so it is done off the event loop, in the background, and only for pages visited more than once); from then on
//   a browser that takes br gets those. No cookie is set by a cached answer (a ?ref= or ?promo= link's cookie is,
//   see below).
// - Anything with a query string, a HEAD, a logged-in (or expired-session) visitor or an install without a school is
//   rendered as usual. Only 200 answers are stored.
//   (A shared link's ?ref= and ?promo= are taken off the address before this: server/http/code-links.ts.)
import { createHash } from "node:crypto";
import type { OutgoingHttpHeaders } from "node:http";
import { brotliCompress, constants as zlibConstants, gzipSync } from "node:zlib";
import type { FastifyReply, FastifyRequest } from "fastify";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { CATALOG_VERSION_MAX_AGE_MS, catalogVersions } from "#platform/cache/versions.ts";
import type { Db } from "#platform/db/connection.ts";
import { acceptedCodings, type StoredCoding } from "../http/negotiation.ts";
import type { PageCacheHints } from "../page-cache-hints.ts";
import type { RequestContext } from "../page-context.ts";
import { contentSecurityPolicy } from "./security-headers.ts";

/** How long another process's change may take to renew this process's cached pages. */
export const VERSION_MEMO_MS = CATALOG_VERSION_MAX_AGE_MS;
export const MAX_AGE_MS = 10 * 60 * 1000;
const CACHED_PAGE_CACHE_CONTROL = "public, max-age=0, must-revalidate";

/** A whole answer: the same bytes for every visitor who gets it. */
type Answer = {
  status: number;
  plain: Buffer;
  gzip: Buffer | undefined;
  /** every header but the body's encoding, length and the cache state */
  headers: OutgoingHttpHeaders;
};

/** A stored answer (always kept gzipped too), with the headers of a hit worked out once. */
type Entry = Answer & {
  gzip: Buffer;
  hitHeaders: { plain: OutgoingHttpHeaders; gzip: OutgoingHttpHeaders };
  /** the brotli bytes with their hit headers, once made (see addBrotli) */
  br: { body: Buffer; hitHeaders: OutgoingHttpHeaders } | undefined;
  brotliStarted: boolean;
  bytes: number;
  version: number;
  schoolStamp: string;
  expiresAt: number;
};

export type PageCacheOptions = {
  db: Db;
  /** memory budget for the stored pages; 0 turns the cache off */
  maxBytes: number;
  /** development pages allow Vite's inline scripts (server/plugins/security-headers.ts) */
  dev: boolean;
};

export type RenderPage = (ctx: RequestContext, hints: PageCacheHints) => Promise<Response>;

export type PageCache = {
  /** Answers the request (from the cache, or rendered and stored) and returns true, or returns false to leave it. */
  serve(request: FastifyRequest, reply: FastifyReply, build: ServerBuild, render: RenderPage): Promise<boolean>;
  /** Entries and bytes held now (for tests and the benchmark's memory figures). */
  stats(): { entries: number; bytes: number };
};

const routeTrees = new WeakMap<ServerBuild, RouteObject[]>();
// Matching ranks every route anew on each call: remember the answer per address (bounded).
const cacheableByPath = new WeakMap<ServerBuild, Map<string, boolean>>();
const MAX_REMEMBERED_PATHS = 10_000;

/** The page build's flat route manifest as the nested tree matchRoutes expects. */
function routeTree(build: ServerBuild): RouteObject[] {
  let tree = routeTrees.get(build);
  if (tree) return tree;
  type ManifestRoute = NonNullable<ServerBuild["routes"][string]>;
  const byParent = new Map<string | undefined, ManifestRoute[]>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const siblings = byParent.get(route.parentId) ?? [];
    siblings.push(route);
    byParent.set(route.parentId, siblings);
  }
  const childrenOf = (parentId: string | undefined): RouteObject[] =>
    (byParent.get(parentId) ?? []).map((route) =>
      route.index
        ? { id: route.id, index: true, path: route.path, caseSensitive: route.caseSensitive }
        : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: childrenOf(route.id) },
    );
  tree = childrenOf(undefined);
  routeTrees.set(build, tree);
  return tree;
}

function isCacheableRoute(build: ServerBuild, pathname: string): boolean {
  let remembered = cacheableByPath.get(build);
  if (!remembered) cacheableByPath.set(build, (remembered = new Map()));
  const known = remembered.get(pathname);
  if (known !== undefined) return known;
  const leaf = matchRoutes(routeTree(build), pathname)?.at(-1);
  const handle = leaf?.route.id
    ? (build.routes[leaf.route.id]?.module.handle as { pageCache?: unknown } | undefined)
    : undefined;
  const cacheable = handle?.pageCache === true;
  if (remembered.size >= MAX_REMEMBERED_PATHS) remembered.clear();
  remembered.set(pathname, cacheable);
  return cacheable;
}

// A script element without a src attribute, and its text exactly as written (what the browser hashes).
const INLINE_SCRIPT = /<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g;

/** The base64 SHA-256 of each distinct inline script of the page, for its Content-Security-Policy. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, text] of html.matchAll(INLINE_SCRIPT)) {
    if (text) hashes.add(createHash("sha256").update(text).digest("base64"));
  }
  return [...hashes];
}

function headersOf(
  answer: Answer,
  coding: StoredCoding | undefined,
  body: Buffer,
  state: "hit" | "miss",
): OutgoingHttpHeaders {
  return {
    ...answer.headers,
    ...(coding ? { "content-encoding": coding } : {}),
    "content-length": String(body.length),
    "x-page-cache": state,
  };
}

function send(reply: FastifyReply, status: number, headers: OutgoingHttpHeaders, body: Buffer) {
  reply.hijack();
  reply.raw.writeHead(status, headers);
  reply.raw.end(body);
}

const BROTLI_OPTIONS = {
  params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY },
};

export function createPageCache(options: PageCacheOptions): PageCache {
  const entries = new Map<string, Entry>();
  let bytes = 0;

  const catalogVersion = () => catalogVersions.get(options.db, "catalog");

  function remove(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  }

  function keepWithinBudget() {
    // A Map iterates in insertion order: the first keys are the least recently used.
    for (const oldest of entries.keys()) {
      if (bytes <= options.maxBytes) break;
      remove(oldest);
    }
  }

  function store(key: string, entry: Entry) {
    remove(key);
    if (entry.bytes > options.maxBytes / 4) return;
    entries.set(key, entry);
    bytes += entry.bytes;
    keepWithinBudget();
  }

  /** Compresses a stored page with brotli in libuv's thread pool; its hits take the result once it is there. */
  function addBrotli(key: string, entry: Entry) {
    entry.brotliStarted = true;
    brotliCompress(entry.plain, BROTLI_OPTIONS, (error, br) => {
      // Renewed or dropped meanwhile, or nothing gained: the entry keeps serving gzip.
      if (error || entries.get(key) !== entry || br.length >= entry.gzip.length) return;
      entry.br = { body: br, hitHeaders: headersOf(entry, "br", br, "hit") };
      entry.bytes += br.length;
      bytes += br.length;
      keepWithinBudget();
    });
  }

  /** Renders the page for nobody in particular (no nonce, no token) and makes it an answer. */
  async function renderAnswer(
    request: FastifyRequest,
    reply: FastifyReply,
    render: RenderPage,
    hints: PageCacheHints,
    storable: () => boolean,
  ): Promise<Answer> {
    const response = await render({ ...request.ctx, nonce: "", csrfToken: "" }, hints);
    const html = await response.text();
    const headers: OutgoingHttpHeaders = {};
    // The security set the earlier hooks put on the reply (not their cookies: a cached answer sets none; not the
    // request id: each hit carries its own).
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined && name !== "set-cookie" && name !== "x-request-id") headers[name] = value;
    }
    for (const [name, value] of response.headers) {
      if (name !== "set-cookie" && name !== "content-length") headers[name] = value;
    }
    headers["content-security-policy"] = contentSecurityPolicy({ sha256: inlineScriptHashes(html) }, options);
    const stored = response.status === 200 && storable();
    if (stored) {
      headers["cache-control"] = CACHED_PAGE_CACHE_CONTROL;
      headers["vary"] = "Cookie, Accept-Encoding";
    }
    const plain = Buffer.from(html);
    return { status: response.status, plain, gzip: stored ? gzipSync(plain) : undefined, headers };
  }

  return {
    stats: () => ({ entries: entries.size, bytes }),

    async serve(request, reply, build, render) {
      if (options.maxBytes <= 0 || request.method !== "GET") return false;
      const ctx = request.ctx;
      if (!ctx?.school || ctx.user || ctx.sessionId || ctx.sessionExpired) return false;
      if (request.url.includes("?")) return false;
      if (!isCacheableRoute(build, request.url)) return false;

      const accepted = acceptedCodings(request.headers["accept-encoding"]);
      // The protocol too: an https answer carries Strict-Transport-Security.
      const key = `${ctx.lang} ${request.protocol} ${ctx.baseUrl}${request.url}`;
      const version = await catalogVersion();
      const schoolStamp = ctx.school.updated_at;
      const found = entries.get(key);
      if (found) {
        if (found.version === version && found.schoolStamp === schoolStamp && Date.now() < found.expiresAt) {
          entries.delete(key);
          entries.set(key, found);
          if (found.br && accepted.br) send(reply, found.status, found.br.hitHeaders, found.br.body);
          else if (accepted.gzip) send(reply, found.status, found.hitHeaders.gzip, found.gzip);
          else send(reply, found.status, found.hitHeaders.plain, found.plain);
          if (!found.brotliStarted) addBrotli(key, found);
          return true;
        }
        remove(key);
      }

      let expiresAt = Date.now() + MAX_AGE_MS;
      const hints: PageCacheHints = {
        forCache: true,
        validUntil(moment) {
          const at = moment ? Date.parse(moment) : Number.NaN;
          if (!Number.isNaN(at)) expiresAt = Math.min(expiresAt, at);
        },
      };
      const answer = await renderAnswer(request, reply, render, hints, () => expiresAt > Date.now());
      if (answer.gzip) {
        const hitHeaders = {
          plain: headersOf(answer, undefined, answer.plain, "hit"),
          gzip: headersOf(answer, "gzip", answer.gzip, "hit"),
        };
        const entryBytes = answer.plain.length + answer.gzip.length;
        store(key, {
          ...answer,
          gzip: answer.gzip,
          br: undefined,
          brotliStarted: false,
          hitHeaders,
          bytes: entryBytes,
          version,
          schoolStamp,
          expiresAt,
        });
      }
      if (accepted.gzip && answer.gzip)
        send(reply, answer.status, headersOf(answer, "gzip", answer.gzip, "miss"), answer.gzip);
      else send(reply, answer.status, headersOf(answer, undefined, answer.plain, "miss"), answer.plain);
      return true;
    },
  };
}
