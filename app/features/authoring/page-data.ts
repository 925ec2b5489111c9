// Page helpers of the authoring pages. (An unknown or foreign id needs no helper: the use-case's not_found
// AppError becomes the 404 page through server/http/page-errors.ts, as in the API.)

/** After a plain form post fails, the server sends the browser back with ?error=<message key>. */
export function authoringErrorFromQuery(search: string): string | undefined {
  const key = new URLSearchParams(search).get("error");
  return key && /^(authoring|validation|errors):[a-z_]+$/.test(key) ? key : undefined;
}
