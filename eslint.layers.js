// Which folder may import which, checked by `npm run lint` (docs/architecture.md, "Layers and domains"):
// app -> core -> platform; server -> core -> platform; core reaches vendors only through its ports (core/ports/),
// which integrations/ implement. Inside core, a domain's private files live in core/<domain>/internal/ and only that
// domain imports them; other domains, the edges (server/, app/) and the CLI use its public files.
import fs from "node:fs";
import path from "node:path";

const root = import.meta.dirname;
const domains = fs
  .readdirSync(path.join(root, "core"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** A regular expression over the import's specifier, with the message a wrong import gets. */
const forbid = (regex, message) => ({ regex, message });

const ui = forbid(
  "^(react|react-dom|react-router|@react-router/|radix-ui|lucide-react)",
  "This layer renders nothing.",
);
const http = forbid("^(fastify|@fastify/)", "core/ knows no HTTP framework: the edges (server/, app/) speak HTTP.");
const internalOf = (allowed) =>
  forbid(
    allowed
      ? `(^#core/(?!${allowed}/)[^/]+/internal/|^\\.\\./[^/]+/internal/)`
      : "(^#core/[^/]+/internal/|/core/[^/]+/internal/)",
    "Another domain's internal/ files are private: use its public files (or move the rule where it belongs).",
  );

/** One no-restricted-imports rule per folder: ESLint keeps only the last setting of a rule for a file. */
const restrict = (files, patterns) => ({
  files,
  ignores: ["**/*.test.ts", "**/*.test.tsx"],
  rules: { "no-restricted-imports": ["error", { patterns }] },
});

export const layerRules = [
  restrict(
    ["platform/**"],
    [
      forbid(
        "^(#core|#app|#server|#integrations)/",
        "platform/ is the bottom layer: it imports no domain, page, server or vendor code.",
      ),
      ui,
    ],
  ),
  restrict(
    ["integrations/**"],
    [
      forbid("^(#app|#server)/", "integrations/ are vendor adapters: no pages, no server."),
      forbid(
        "^#core/(?!ports/|shared/|errors\\.ts$)",
        "An adapter implements a port of core/ports/ and sees nothing else of core.",
      ),
      ui,
    ],
  ),
  ...domains.map((domain) =>
    restrict(
      [`core/${domain}/**`],
      [
        forbid(
          "^(#app|#server)/|^(\\.\\./)+(app|server)/",
          "core/ imports no pages and no server code: pass in what it needs.",
        ),
        forbid(
          "^#integrations/|^(\\.\\./)+integrations/",
          "core/ reaches vendors through its ports (core/ports/), given by the composition root.",
        ),
        ui,
        http,
        internalOf(domain),
      ],
    ),
  ),
  restrict(
    ["core/*.ts"],
    [forbid("^(#app|#server|#integrations)/", "core/ imports no pages, server or vendor code."), ui, http],
  ),
  restrict(
    ["app/**"],
    [
      forbid(
        "^#server/(?!page-context\\.ts$|page-cache-hints\\.ts$)",
        "Pages reach the server only through the page context (#server/page-context.ts) and its cache hints.",
      ),
      forbid("^#integrations/", "Pages reach vendors through core's use-cases."),
      internalOf(null),
    ],
  ),
  // React Router's server entry is the server's side of the page pipeline: it hands errors to the server's logger.
  restrict(["app/entry.server.tsx"], [forbid("^#integrations/", "Pages reach vendors through core's use-cases.")]),
  restrict(["server/**", "cli/**"], [internalOf(null)]),
];
