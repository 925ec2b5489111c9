// The server's mode decides two webhook rules: http:// targets (development and test only) and loopback targets
// (only the tests' local receiver, with WEBHOOKS_ALLOW_LOOPBACK=1 in test mode; never in production).
import type { Config } from "#platform/config.ts";
import type { TargetRules } from "./target-url.ts";

export function targetRulesOf(config: Pick<Config, "NODE_ENV">): TargetRules {
  return { allowHttp: config.NODE_ENV !== "production" };
}

export function allowLoopbackOf(config: Pick<Config, "NODE_ENV" | "WEBHOOKS_ALLOW_LOOPBACK">): boolean {
  return config.NODE_ENV === "test" && config.WEBHOOKS_ALLOW_LOOPBACK === "1";
}
