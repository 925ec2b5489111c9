// One address can be both a page and a JSON call: GET /my/account is the account settings page for the
// browser and the spec's JSON call for scripts. The JSON route is constrained to callers that want JSON
// (the AJAX marker, or an Accept without text/html); a browser's document request does not match it and
// falls through to the pages' route. And whether a caller takes a gzipped answer (the page cache's stored pages).
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

/** True when the request's Accept-Encoding takes gzip (and does not refuse it with q=0). */
export function acceptsGzip(acceptEncoding: string | string[] | undefined): boolean {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(",") : acceptEncoding;
  if (!header) return false;
  for (const entry of header.split(",")) {
    const [coding, ...params] = entry.trim().toLowerCase().split(";");
    if (coding !== "gzip" && coding !== "*") continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return !q || Number(q.slice(2)) > 0;
  }
  return false;
}
