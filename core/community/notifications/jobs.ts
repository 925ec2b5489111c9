// The jobs of topic e-mails (issue 14, item 7). notifyNewPost and notifyNewComment (./notify.ts) only queue a
// fan-out; the fan-out writes one row per recipient (community_notifications) and queues, per recipient, the mail of
// the current period (or day, for the digest) under a unique key, so a burst of posts and comments makes one mail.
import { z } from "zod";
import { idSchema } from "#core/shared/ids.ts";
import { defineJob } from "#platform/jobs/define-job.ts";
import type { Mailer } from "#platform/mail/mailer.ts";
import { sendTopicMail } from "./deliver.ts";
import { fanOutComment, fanOutPost } from "./fan-out.ts";

export const notifyPostJob = defineJob({
  name: "community.notify_post",
  payload: z.object({ post_id: idSchema }),
  handler: () => (payload, context) => fanOutPost(context.db, payload.post_id),
});

export const notifyCommentJob = defineJob({
  name: "community.notify_comment",
  payload: z.object({ comment_id: idSchema }),
  handler: () => (payload, context) => fanOutComment(context.db, payload.comment_id),
});

export type TopicMailDeps = { mailer: Mailer; secret: Buffer; appUrl: string | undefined };

/** One user's mail of one period (digest false) or one day (digest true): everything not yet sent to them. */
export const topicMailJob = defineJob({
  name: "community.topic_mail",
  payload: z.object({ user_id: idSchema, digest: z.boolean() }),
  handler: (deps: TopicMailDeps) => (payload, context) =>
    sendTopicMail(deps, context, { userId: payload.user_id, digest: payload.digest }),
});
