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

const inputs = [
  "app",
  "public",
  "locales",
  "core",
  "vite.config.ts",
  "server/precompress-assets.ts",
  "react-router.config.ts",
  "package-lock.json",
];

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

const lockDir = path.join(root, ".build-lock");

/** Several processes (test runs, starts) may want a build at once: one builds, the others wait for it. */
function withBuildLock(work: () => void): void {
  const deadline = Date.now() + 5 * 60_000;
  for (;;) {
    try {
      fs.mkdirSync(lockDir);
      break;
    } catch {
      const stat = fs.statSync(lockDir, { throwIfNoEntry: false });
      // A lock older than five minutes was left by a process that died.
      if (stat && Date.now() - stat.mtimeMs > 5 * 60_000) fs.rmSync(lockDir, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`Timed out waiting for another build (${lockDir}).`);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    }
  }
  try {
    work();
  } finally {
    fs.rmSync(lockDir, { recursive: true, force: true });
  }
}

export function ensureBuild(log: (message: string) => void = console.log): void {
  if (buildIsCurrent()) return;
  withBuildLock(() => {
    if (!buildIsCurrent()) runBuild(log);
  });
}

function runBuild(log: (message: string) => void): void {
  log("Building the pages (first start or changed sources)...");
  const bin = path.join(root, "node_modules", ".bin", "react-router");
  if (!fs.existsSync(bin)) {
    throw new Error("The build tools are missing: run `npm install` (with dev dependencies) first.");
  }
  const result = spawnSync(bin, ["build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) throw new Error("The page build failed (see above).");
  fs.writeFileSync(stampFile, new Date().toISOString());
}
