// Where the school may send its webhooks. In production only https:// (the signature proves who sent it, TLS keeps
// the body private); a school running in development or test mode may use http:// too (a receiver on a laptop).
// Which addresses are refused (loopback, private, link-local, metadata) is decided at connection time by
// send-webhook.ts, as a name's DNS answer can change between this check and the request (rebinding).
import { AppError } from "#core/errors.ts";

export type TargetRules = { allowHttp: boolean };

export function assertTargetUrl(url: string, rules: TargetRules): void {
  const protocol = new URL(url).protocol;
  if (protocol === "https:" || (protocol === "http:" && rules.allowHttp)) return;
  throw new AppError("validation", { fields: { url: [{ key: "webhooks:https_required" }] } });
}
