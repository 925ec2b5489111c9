import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { NODE_FLAGS } from "./node-flags.ts";

it("the start and worker scripts run with the heap limits", () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, "../package.json"), "utf8")) as {
    scripts: Record<string, string>;
  };
  for (const script of ["start", "worker"]) {
    expect(pkg.scripts[script]).toMatch(new RegExp(`^node ${NODE_FLAGS.join(" ")} `));
  }
});
