// The columns that belong to one kind only: a live event's start and link, a file product's file. Other kinds keep
// them empty, so a product never carries a stale link or file of a kind it is not.
import type { ProductFields } from "./schemas.ts";

export function kindFields(
  data: Pick<ProductFields, "kind" | "event_starts_at" | "event_link" | "file_key" | "file_name">,
) {
  return {
    event_starts_at: data.kind === "live_event" ? data.event_starts_at : null,
    event_link: data.kind === "live_event" ? data.event_link : "",
    file_key: data.kind === "file" ? data.file_key : null,
    file_name: data.kind === "file" ? data.file_name : null,
  };
}
