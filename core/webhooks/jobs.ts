// The webhooks domain's job: 'webhook.deliver' makes one attempt of a delivery (deliver-webhook.ts). Queued by
// emit-event.ts in the transaction of the change (attempt 1), by the previous failed attempt (the next one, at the
// retry schedule's time), and by the owner's redelivery (manual: one attempt, no schedule after it).
import { z } from "zod";
import { defineJob } from "#platform/jobs/define-job.ts";
import type { DeliverySettings } from "./delivery-settings.ts";

export const deliverWebhookPayload = z.object({
  deliveryId: z.number().int().positive(),
  /** the attempt this job makes (1-based, counted over the delivery's whole life) */
  attempt: z.number().int().positive(),
  /** the owner's redelivery or test event: one attempt, even to a switched-off endpoint */
  manual: z.boolean().optional(),
});

export type DeliverWebhookPayload = z.infer<typeof deliverWebhookPayload>;

export const deliverWebhookJob = defineJob({
  name: "webhook.deliver",
  payload: deliverWebhookPayload,
  handler:
    (settings: DeliverySettings) =>
    async (payload, { db }) => {
      // Imported when run: deliver-webhook.ts queues this job itself.
      const { deliverWebhook } = await import("./deliver-webhook.ts");
      await deliverWebhook(db, payload, settings);
    },
});
