// The ?error= key of a failed plain form post on the memberships pages (only keys those forms can produce).
export function membershipErrorFromQuery(search: string): string | undefined {
  const key = new URLSearchParams(search).get("error");
  return key && /^(memberships|validation|errors|checkout):[a-z_]+$/.test(key) ? key : undefined;
}
