// The events an endpoint may subscribe to (issue 18, item 6). Each is emitted by its domain's use-case inside the
// transaction of the change (emit-event.ts), except the ones marked `emitted: false`: declared so that an endpoint
// can already choose them, but no code path produces them yet.
export const webhookEvents = [
  { type: "order.paid", emitted: true },
  { type: "order.refunded", emitted: true },
  { type: "access.granted", emitted: true },
  { type: "access.expiring", emitted: true },
  { type: "access.expired", emitted: true },
  { type: "lecture.completed", emitted: true },
  { type: "course.completed", emitted: true },
  { type: "exam.passed", emitted: true },
  { type: "certificate.issued", emitted: true },
  { type: "lead.created", emitted: true },
  { type: "student.created", emitted: true },
  { type: "membership.started", emitted: true },
  { type: "membership.renewed", emitted: true },
  { type: "membership.past_due", emitted: true },
  { type: "membership.canceled", emitted: true },
  { type: "membership.card_to_be_charged", emitted: true },
  { type: "membership.card_failed", emitted: true },
  { type: "community.post_created", emitted: true },
] as const;

export type WebhookEventType = (typeof webhookEvents)[number]["type"] | "webhook.test";

export const webhookEventTypes = webhookEvents.map((event) => event.type) as [
  (typeof webhookEvents)[number]["type"],
  ...(typeof webhookEvents)[number]["type"][],
];

/** The translation key of an event's label ("order.paid" -> webhooks:event_order_paid). */
export function eventLabelKey(type: string): string {
  return `webhooks:event_${type.replace(/[^a-z0-9]/g, "_")}`;
}
