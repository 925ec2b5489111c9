// The rendered-page cache for anonymous visitors (the catalog /courses and the sales pages /{slug}): a GET from a
// visitor without a session cookie is answered from memory, an LRU of rendered HTML keyed by address and language.
//
// - Which pages: routes whose module exports `handle = { pageCache: true }` (server/page-cache-hints.ts), found by
//   matching the address against the page build's routes before rendering.
// - Freshness: every entry keeps the "catalog" cache version (platform/cache/versions.ts) read before it was
//   rendered; any change to courses, lectures, prices, reviews' status or the school settings bumps that version in
//   its own transaction, so all processes see their entries go stale. The version is read at most once a second
//   (memo), which bounds how long a change may take to show. An entry also keeps the school row's updated_at it was
//   rendered with (the school itself is cached for 2 s per process), expires when the page said it changes by itself
//   (a promotion starting or ending), and after MAX_AGE_MS in any case.
// - Per-response values: the CSP nonce and the CSRF token differ for every answer. The page is rendered with
//   random placeholders in their place; the stored template is split at them and every answer joins it with its
//   own nonce and the visitor's own token. A stored page is also kept gzipped, its parts compressed once, and a
//   browser that takes gzip gets the answer put together from them (../http/gzip-template.ts): ~4x fewer bytes.
// - Anything with a query string, a HEAD, a logged-in (or expired-session) visitor or an install without a school is
//   rendered as usual. Only 200 answers are stored.
//   (A shared link's ?ref= and ?promo= are taken off the address before this: server/http/code-links.ts.)
import { randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { readCacheVersion } from "#platform/cache/versions.ts";
import type { Db } from "#platform/db/connection.ts";
import { acceptsGzip, fillGzip, type GzipTemplate, gzipTemplate } from "../http/gzip-template.ts";
import type { PageCacheHints } from "../page-cache-hints.ts";
import type { RequestContext } from "../page-context.ts";

export const VERSION_MEMO_MS = 1000;
export const MAX_AGE_MS = 10 * 60 * 1000;
const CACHED_PAGE_CACHE_CONTROL = "public, max-age=0, must-revalidate";

type Slot = "nonce" | "csrf";

type Template = {
  status: number;
  headers: [string, string][];
  /** the HTML split at the placeholders, encoded once: parts[0] slot[0] parts[1] slot[1] ... parts[n] */
  parts: Buffer[];
  slots: Slot[];
  bytes: number;
  /** the same parts compressed once, when the page is stored */
  gzip?: GzipTemplate;
};

type Entry = Template & { version: number; schoolStamp: string; expiresAt: number };

export type PageCacheOptions = {
  db: Db;
  /** memory budget for the stored HTML; 0 turns the cache off */
  maxBytes: number;
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

function splitTemplate(html: string, placeholders: Record<Slot, string>): Pick<Template, "parts" | "slots"> {
  const parts: Buffer[] = [];
  const slots: Slot[] = [];
  const pattern = new RegExp(`${placeholders.nonce}|${placeholders.csrf}`, "g");
  let last = 0;
  for (const match of html.matchAll(pattern)) {
    parts.push(Buffer.from(html.slice(last, match.index)));
    slots.push(match[0] === placeholders.nonce ? "nonce" : "csrf");
    last = match.index + match[0].length;
  }
  parts.push(Buffer.from(html.slice(last)));
  return { parts, slots };
}

/** The answer in one buffer: the stored parts with this answer's values between them (one write, not dozens). */
function fill(template: Template, values: Record<Slot, Buffer>): Buffer {
  let length = 0;
  for (const part of template.parts) length += part.length;
  for (const slot of template.slots) length += values[slot].length;
  const out = Buffer.allocUnsafe(length);
  let at = template.parts[0]!.copy(out, 0);
  for (let i = 0; i < template.slots.length; i++) {
    at += values[template.slots[i]!].copy(out, at);
    at += template.parts[i + 1]!.copy(out, at);
  }
  return out;
}

export function createPageCache(options: PageCacheOptions): PageCache {
  const entries = new Map<string, Entry>();
  let bytes = 0;
  // Random per process: page content cannot guess them, so only our own values are replaced.
  const placeholders: Record<Slot, string> = {
    nonce: `pcnonce${randomBytes(12).toString("hex")}`,
    csrf: `pccsrf${randomBytes(12).toString("hex")}`,
  };

  let memo: { at: number; version: Promise<number> } | undefined;
  function catalogVersion(): Promise<number> {
    const now = Date.now();
    if (!memo || now - memo.at >= VERSION_MEMO_MS) {
      const version = readCacheVersion(options.db, "catalog");
      const current = { at: now, version };
      memo = current;
      version.catch(() => {
        if (memo === current) memo = undefined;
      });
    }
    return memo.version;
  }

  function remove(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  }

  function store(key: string, entry: Entry) {
    remove(key);
    if (entry.bytes > options.maxBytes / 4) return;
    entries.set(key, entry);
    bytes += entry.bytes;
    // A Map iterates in insertion order: the first keys are the least recently used.
    for (const oldest of entries.keys()) {
      if (bytes <= options.maxBytes) break;
      remove(oldest);
    }
  }

  function send(
    reply: FastifyReply,
    template: Template,
    request: FastifyRequest,
    state: "hit" | "miss",
    cacheable: boolean,
  ) {
    const values = { nonce: Buffer.from(reply.cspNonce), csrf: Buffer.from(request.ctx.csrfToken) };
    const gzip = template.gzip && acceptsGzip(request.headers["accept-encoding"]);
    const body = gzip
      ? fillGzip(template.gzip!, template.slots.map((slot) => values[slot]))
      : fill(template, values);
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of template.headers) {
      const existing = headers[name];
      headers[name] = existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value];
    }
    if (cacheable) {
      headers["cache-control"] = CACHED_PAGE_CACHE_CONTROL;
      headers["vary"] = "Cookie, Accept-Encoding";
    }
    if (gzip) headers["content-encoding"] = "gzip";
    headers["x-page-cache"] = state;
    headers["content-length"] = String(body.length);
    reply.hijack();
    reply.raw.writeHead(template.status, headers);
    reply.raw.end(body);
  }

  return {
    stats: () => ({ entries: entries.size, bytes }),

    async serve(request, reply, build, render) {
      if (options.maxBytes <= 0 || request.method !== "GET") return false;
      const ctx = request.ctx;
      if (!ctx?.school || ctx.user || ctx.sessionId || ctx.sessionExpired) return false;
      if (request.url.includes("?")) return false;
      if (!isCacheableRoute(build, request.url)) return false;

      const key = `${ctx.lang} ${ctx.baseUrl}${request.url}`;
      const version = await catalogVersion();
      const schoolStamp = ctx.school.updated_at;
      const found = entries.get(key);
      if (found) {
        if (found.version === version && found.schoolStamp === schoolStamp && Date.now() < found.expiresAt) {
          entries.delete(key);
          entries.set(key, found);
          send(reply, found, request, "hit", true);
          return true;
        }
        remove(key);
      }

      let expiresAt = Date.now() + MAX_AGE_MS;
      const hints: PageCacheHints = {
        validUntil(moment) {
          const at = moment ? Date.parse(moment) : Number.NaN;
          if (!Number.isNaN(at)) expiresAt = Math.min(expiresAt, at);
        },
      };
      const response = await render({ ...ctx, nonce: placeholders.nonce, csrfToken: placeholders.csrf }, hints);
      const html = await response.text();
      const headers = [...response.headers].filter(([name]) => name !== "set-cookie" && name !== "content-length");
      const template: Template = {
        status: response.status,
        headers,
        ...splitTemplate(html, placeholders),
        bytes: Buffer.byteLength(html),
      };
      const cacheable = response.status === 200 && expiresAt > Date.now();
      if (cacheable) {
        template.gzip = gzipTemplate(template.parts);
        template.bytes += template.gzip.compressedBytes;
        store(key, { ...template, version, schoolStamp, expiresAt });
      }
      send(reply, template, request, "miss", response.status === 200);
      return true;
    },
  };
}
