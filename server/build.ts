// `npm start` builds the pages when the build is missing or older than the sources, so a fresh clone (or a
// pull) needs no separate build step.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
export const buildDir = path.join(root, "build");
export const serverBuildFile = path.join(buildDir, "server", "index.js");
export const clientDir = path.join(buildDir, "client");
const stampFile = path.join(buildDir, ".built-at");

const inputs = ["app", "locales", "core", "vite.config.ts", "react-router.config.ts", "package-lock.json"];

function newestMtime(entry: string): number {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

export function buildIsCurrent(): boolean {
  const stamp = fs.statSync(stampFile, { throwIfNoEntry: false });
  if (!stamp || !fs.existsSync(serverBuildFile)) return false;
  return inputs.every((input) => newestMtime(path.join(root, input)) <= stamp.mtimeMs);
}

export function ensureBuild(log: (message: string) => void = console.log): void {
  if (buildIsCurrent()) return;
  log("Building the pages (first start or changed sources)...");
  const bin = path.join(root, "node_modules", ".bin", "react-router");
  if (!fs.existsSync(bin)) {
    throw new Error("The build tools are missing: run `npm install` (with dev dependencies) first.");
  }
  const result = spawnSync(bin, ["build"], { cwd: root, stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  if (result.status !== 0) throw new Error("The page build failed (see above).");
  fs.writeFileSync(stampFile, new Date().toISOString());
}
