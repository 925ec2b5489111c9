// The browser specs that also run on PostgreSQL. Every rule is already tested on both databases by Vitest (the
// integration tests speak HTTP to the real server); the browser adds what only a page shows, which does not
// depend on the database. So PostgreSQL gets a smoke set that walks the main paths through its own data: a
// first run, logging in, buying, watching and the discussion, and SECURITY.md's figure 11 (the XSS corpus), which
// the security issue wants measured on both databases. All specs: E2E_ALL=1.
export const postgresSmokeSpecs = [
  "specs/setup.spec.ts",
  "specs/auth.spec.ts",
  "specs/checkout.spec.ts",
  "specs/watch.spec.ts",
  "specs/discussion.spec.ts",
  "specs/xss-corpus.spec.ts",
];
