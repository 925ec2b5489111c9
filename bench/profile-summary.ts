// Where a V8 CPU profile's busy time went (node --cpu-prof, or bench/learning.ts --cpu-prof DIR): the self time of
// the top functions, and the total (self and below) grouped by package or by the project's own top folder.
// Usage: node bench/profile-summary.ts FILE.cpuprofile [--top 40] [--busiest 10]
//   --busiest N: only the N seconds with the most busy samples (the measured load, not the server's start, the
//   arranging or the idle end).
import fs from "node:fs";
import { parseArgs } from "node:util";

type Frame = { functionName: string; url: string; lineNumber: number };
type ProfileNode = { id: number; callFrame: Frame; children?: number[] };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: "string", default: "40" }, busiest: { type: "string" } },
});
const file = positionals[0];
if (!file) throw new Error("usage: node bench/profile-summary.ts FILE.cpuprofile [--top 40]");
const profile = JSON.parse(fs.readFileSync(file, "utf8")) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);

const idleNames = new Set(["(idle)", "(program)", "(garbage collector)"]);
/** The package (node_modules/x or @scope/x), the project's top folder, node's own code, or V8's pseudo-frames. */
function groupOf(frame: Frame): string {
  if (!frame.url) return frame.functionName || "(anonymous)";
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(frame.url);
  if (pkg) return pkg[1]!;
  if (frame.url.startsWith("node:")) return "node:" + frame.url.slice(5).split("/")[0];
  const own = /\/(app|core|platform|server|integrations|build)\//.exec(frame.url);
  return own ? own[1]! : frame.url;
}

const idleIds = new Set(profile.nodes.filter((n) => n.callFrame.functionName === "(idle)").map((n) => n.id));
const sampledAt: number[] = [];
for (let i = 0, at = 0; i < profile.timeDeltas.length; i++) sampledAt.push((at += profile.timeDeltas[i]!));
/** Where the busiest window of `seconds` starts (µs into the profile). */
function busiestFrom(seconds: number): number {
  const width = seconds * 1e6;
  let best = 0;
  let bestFrom = 0;
  let busyInWindow = 0;
  for (let end = 0, start = 0; end < sampledAt.length; end++) {
    if (!idleIds.has(profile.samples[end]!)) busyInWindow += profile.timeDeltas[end]!;
    while (sampledAt[end]! - sampledAt[start]! > width) {
      if (!idleIds.has(profile.samples[start]!)) busyInWindow -= profile.timeDeltas[start]!;
      start++;
    }
    if (busyInWindow > best) [best, bestFrom] = [busyInWindow, sampledAt[start]!];
  }
  return bestFrom;
}
const from = values.busiest ? busiestFrom(Number(values.busiest)) : -Infinity;
const to = values.busiest ? from + Number(values.busiest) * 1e6 : Infinity;
const selfUs = new Map<number, number>();
for (let i = 0; i < profile.samples.length; i++) {
  if (sampledAt[i]! < from || sampledAt[i]! > to) continue;
  const id = profile.samples[i]!;
  selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
}
let busy = 0;
const selfByFunction = new Map<string, number>();
const totalByGroup = new Map<string, number>();
for (const [id, us] of selfUs) {
  const frame = byId.get(id)!.callFrame;
  if (frame.functionName === "(idle)") continue;
  busy += us;
  const name = `${frame.functionName || "(anonymous)"} ${groupOf(frame)}:${frame.lineNumber + 1}`;
  selfByFunction.set(name, (selfByFunction.get(name) ?? 0) + us);
  // Each group counted once per sample however often it appears on the stack.
  const groups = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
    const callFrame = byId.get(at)!.callFrame;
    if (callFrame.functionName === "(root)") continue;
    groups.add(idleNames.has(callFrame.functionName) ? callFrame.functionName : groupOf(callFrame));
  }
  for (const group of groups) totalByGroup.set(group, (totalByGroup.get(group) ?? 0) + us);
}

const percent = (us: number) => `${((100 * us) / busy).toFixed(1).padStart(5)}%`;
const top = Number(values.top);
console.log(`busy ${(busy / 1000).toFixed(0)} ms\n\nself time, top ${top}:`);
for (const [name, us] of [...selfByFunction].sort((a, b) => b[1] - a[1]).slice(0, top))
  console.log(`${percent(us)}  ${name}`);
console.log("\ntotal (self and below) by package or folder:");
for (const [name, us] of [...totalByGroup].sort((a, b) => b[1] - a[1]).slice(0, top))
  console.log(`${percent(us)}  ${name}`);
