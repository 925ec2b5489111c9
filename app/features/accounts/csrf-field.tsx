import { useRootData } from "#app/lib/root-data.ts";

/** Plain form posts (before the page's script runs) carry the token as a field. */
export function CsrfField() {
  return <input type="hidden" name="_csrf" value={useRootData()?.csrfToken ?? ""} />;
}
