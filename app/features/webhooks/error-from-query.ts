// After a plain form post fails, the server sends the browser back with ?error=<message key>; only the keys the
// webhooks forms can produce are shown.
export function webhookErrorFromQuery(search: string): string | undefined {
  const key = new URLSearchParams(search).get("error");
  return key && /^(webhooks|validation|errors):[a-z_]+$/.test(key) ? key : undefined;
}
