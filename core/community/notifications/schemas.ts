// The inputs of the topic notification calls (spec §7 POST /json/email-notification {topic, action}, and the level
// call of the topic feed's dropdown). Pure: shared by the dropdown and the server.
import { z } from "zod";
import { formIdSchema } from "#core/shared/ids.ts";

/** The levels a user may choose for a topic, least mail first. */
export const topicNotificationLevels = ["muted", "posts", "all", "digest"] as const;
export type TopicNotificationLevel = (typeof topicNotificationLevels)[number];

/** A JSON boolean, or its text from a plain form ("true"/"false", "1"/"0"). */
const flag = z.preprocess((value) => {
  if (value === "true" || value === "1" || value === 1) return true;
  if (value === "false" || value === "0" || value === 0) return false;
  return value;
}, z.boolean());

export const emailNotificationSchema = z.object({
  topic: formIdSchema,
  action: flag,
});

export const topicLevelSchema = z.object({
  level: z.enum(topicNotificationLevels),
});
