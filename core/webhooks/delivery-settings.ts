// What the delivery job needs from the server: the key that opens the endpoints' secrets, the time limit of one
// attempt, whether loopback targets are allowed (only the tests' local receiver: never in production), the clock
// and the DNS resolver (tests drive both).
import type { LookupFunction } from "node:net";

export type DeliverySettings = {
  serverSecret: Buffer;
  timeoutMs: number;
  allowLoopback: boolean;
  now?: () => number;
  lookup?: LookupFunction;
};

export const ATTEMPT_TIMEOUT_MS = 15_000;
