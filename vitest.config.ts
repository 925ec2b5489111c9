import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: [
            "core/**/*.test.ts",
            "platform/**/*.test.ts",
            "server/**/*.test.ts",
            "app/**/*.test.ts",
            "integrations/**/*.test.ts",
            "tests/unit/**/*.test.ts",
          ],
          environment: "node",
          // The unit files share one module graph per worker instead of importing it again for each file (165
          // files: ~75 s of CPU to ~25 s). They keep no state between files: nothing is mocked, fake timers and
          // stubs are restored, databases are their own (tests/helpers/unit-database.ts).
          isolate: false,
          // As many as the integration project (a shared module graph needs both projects' figures to agree).
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          globalSetup: ["tests/helpers/global-setup.ts"],
          setupFiles: ["tests/helpers/fail-on-console-error.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file starts its own server process; two cores are enough for two at a time.
          maxWorkers: 2,
          // The helpers' modules are imported once per worker, not once per file (import and transform were ~20% of
          // a file's time). Their state is per server or per name (schools, secrets seen), not per file.
          isolate: false,
        },
      },
    ],
  },
});
