// One address can be both a page and a JSON call: GET /my/account is the account settings page for the
// browser and the spec's JSON call for scripts. The JSON route is constrained to callers that want JSON
// (the AJAX marker, or an Accept without text/html); a browser's document request does not match it and
// falls through to the pages' route. And which compressed answer a caller takes (the page cache's stored pages).
import type { FastifyInstance } from "fastify";

type Caller = "json" | "document";

export function callerOf(headers: Record<string, string | string[] | undefined>): Caller {
  if (headers["x-requested-with"]) return "json";
  return String(headers.accept ?? "").includes("text/html") ? "document" : "json";
}

const strategy = {
  name: "caller",
  storage() {
    const handlers = new Map<string, unknown>();
    return {
      get: (value: string) => (handlers.get(value) ?? null) as never,
      set: (value: string, handler: unknown) => void handlers.set(value, handler),
    };
  },
  deriveConstraint: (request: { headers: Record<string, string | string[] | undefined> }) => callerOf(request.headers),
};

/** Route options for a JSON GET whose path is also a page. */
export function jsonCallsOnly(app: FastifyInstance) {
  if (!app.hasConstraintStrategy(strategy.name)) app.addConstraintStrategy(strategy);
  return { constraints: { caller: "json" } };
}

/** The stored encodings a cached answer may have, in the order they are preferred (smallest first). */
export type StoredCoding = "br" | "gzip";

/**
 * Which of the stored encodings the request's Accept-Encoding takes: one the browser names with q > 0, or any
 * it does not name when it takes "*" (q > 0). A coding named with q=0 is refused even if "*" is taken.
 */
export function acceptedCodings(acceptEncoding: string | string[] | undefined): { br: boolean; gzip: boolean } {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(",") : acceptEncoding;
  const named = new Map<string, boolean>();
  if (header) {
    for (const entry of header.split(",")) {
      const [coding, ...params] = entry.trim().toLowerCase().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      if (coding && !named.has(coding)) named.set(coding, !q || Number(q.slice(2)) > 0);
    }
  }
  const any = named.get("*") ?? false;
  return { br: named.get("br") ?? any, gzip: named.get("gzip") ?? any };
}
