// The Range header of a GET (RFC 9110 §14): one range of bytes, as video players and PDF viewers ask for.
// Several ranges at once are answered with the whole file (allowed: a server may ignore Range).

export type RangeAnswer =
  { kind: "whole" } | { kind: "partial"; start: number; end: number } | { kind: "unsatisfiable" };

export function parseRange(header: string | undefined, size: number): RangeAnswer {
  if (!header) return { kind: "whole" };
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return { kind: "whole" }; // another unit, several ranges or nonsense: ignore it
  const [, first, last] = match;
  if (first === "" && last === "") return { kind: "whole" };
  if (first === "") {
    // The last N bytes.
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: "unsatisfiable" };
    return { kind: "partial", start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (!Number.isSafeInteger(start) || start >= size) return { kind: "unsatisfiable" };
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (!Number.isSafeInteger(end) || end < start) return { kind: "whole" };
  return { kind: "partial", start, end };
}
