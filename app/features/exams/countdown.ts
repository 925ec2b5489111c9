// The exam's countdown from the server's deadline (pure): the browser's clock may be off, so the time left is the
// deadline minus the server's time as of now (the server's time when the page loaded, plus the time since).

export function serverOffsetMs(serverNow: string, clientNow: number): number {
  return Date.parse(serverNow) - clientNow;
}

export function msLeft(deadlineAt: string, offsetMs: number, clientNow: number): number {
  return Math.max(0, Date.parse(deadlineAt) - (clientNow + offsetMs));
}

/** 612_000 -> "10:12"; an hour or more -> "1:02:05". */
export function clockText(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const two = (n: number) => String(n).padStart(2, "0");
  return hours > 0 ? `${hours}:${two(minutes)}:${two(seconds)}` : `${minutes}:${two(seconds)}`;
}
