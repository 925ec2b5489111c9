// An id of a path as a use-case receives it: the edge's text (parsed only after the policy has answered), or a
// number from core's own callers. Either way a plain id, or 404.
import { idParam } from "./ids.ts";

export function pathId(value: unknown): number {
  return idParam(typeof value === "number" ? String(value) : value);
}
