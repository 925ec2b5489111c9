// After a plain form post fails, the server sends the browser back with ?error=<message key>.
// Only keys of the accounts, validation and errors namespaces are shown; anything else is ignored.
export function errorKeyFromQuery(search: string): string | undefined {
  const key = new URLSearchParams(search).get("error");
  return key && /^(accounts|validation|errors):[a-z_]+$/.test(key) ? key : undefined;
}
