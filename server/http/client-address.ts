// The address a per-address limit counts. An IPv6 client usually holds a whole /64 (one home or one server gets
// 2^64 addresses), so it is counted by its /64; an IPv4 address (also written IPv4-mapped, ::ffff:a.b.c.d) by itself.
import { isIPv6 } from "node:net";

export function limitedAddress(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = "", tail = ""] = ip.split("%")[0]!.split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = ip.includes("::") ? (tail ? tail.split(":") : []) : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = ip.includes("::") ? [...headGroups, ...Array<string>(missing).fill("0"), ...tailGroups] : headGroups;
  return `${groups
    .slice(0, 4)
    .map((group) => group.toLowerCase().replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}
