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
        },
      },
    ],
  },
});
