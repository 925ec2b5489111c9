// Loader helpers of the authoring pages: an unknown or foreign id is the 404 page, like in the API.
import { isAppError } from "#core/errors.ts";

export async function orNotFound<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isAppError(error) && error.code === "not_found") throw new Response(null, { status: 404 });
    throw error;
  }
}

/** After a plain form post fails, the server sends the browser back with ?error=<message key>. */
export function authoringErrorFromQuery(search: string): string | undefined {
  const key = new URLSearchParams(search).get("error");
  return key && /^(authoring|validation|errors):[a-z_]+$/.test(key) ? key : undefined;
}
