// The endpoint form's input (POST /home/webhooks, PUT /home/webhooks/:id): its address, a note, and the events it
// wants. Pure: shared by the page and the server. Whether http:// is allowed depends on the server's mode
// (target-url.ts); here only the shape.
import { z } from "zod";
import { webhookEventTypes } from "./events.ts";

export const URL_MAX = 2000;
export const DESCRIPTION_MAX = 200;

export const endpointInputSchema = z.object({
  url: z.url({ protocol: /^https?$/ }).max(URL_MAX),
  description: z.string().trim().max(DESCRIPTION_MAX).default(""),
  events: z.array(z.enum(webhookEventTypes)).min(1, "webhooks:events_required"),
});

export type EndpointInput = z.input<typeof endpointInputSchema>;

/** Typing DELETE confirms a deletion (spec §5). */
export const deleteConfirmationSchema = z.object({ confirm: z.literal("DELETE", "webhooks:type_delete") });
