// Loader helpers of the community admin pages: the ?error= key of a failed plain form post (only keys those
// forms can produce are shown), with the limits its message names.
import { TOPIC_DESCRIPTION_MAX, TOPIC_TITLE_MAX } from "#core/community/topic-schemas.ts";

export function communityErrorFromQuery(search: string): string | undefined {
  const key = new URLSearchParams(search).get("error");
  return key && /^(community_admin|validation|errors):[a-z_]+$/.test(key) ? key : undefined;
}

/** The values a query error's message names (a redirect carries the key only). */
export function queryErrorValues(key: string): Record<string, unknown> {
  return { max: key.startsWith("community_admin:description") ? TOPIC_DESCRIPTION_MAX : TOPIC_TITLE_MAX };
}
