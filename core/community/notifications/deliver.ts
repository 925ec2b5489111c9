// The 'community.topic_mail' job: one mail to one user listing every new post and comment not yet sent to them
// (the period's, or the day's for the digest), grouped by topic, with links, in the school's language (like every
// mail the school sends: school.language). What changed since the fan-out is looked at again: a topic muted
// meanwhile, a level lowered, a post hidden, a key lost drop their rows. Each mail carries the one-click
// unsubscribe of RFC 8058 (List-Unsubscribe, List-Unsubscribe-Post) for the topics it lists; the kept copy
// (/home/mail) has the unsubscribe links withheld, as they mute without a login.
import type { Db } from "#platform/db/connection.ts";
import { translator } from "#platform/i18n/index.ts";
import type { JobContext } from "#platform/jobs/define-job.ts";
import { publicAddressOf } from "../../school/public-address.ts";
import { enqueue } from "#platform/jobs/queue.ts";
import { type TopicMailDeps, topicMailJob } from "./jobs.ts";
import { userMayReadTopic } from "./fan-out.ts";
import { BATCH_PERIOD_MS, COMMENT_LEVELS, DIGEST_PERIOD_MS, KEEP_SENT_MS, periodEnd, POST_LEVELS } from "./rules.ts";
import type { TopicNotificationLevel } from "./schemas.ts";
import { unsubscribeToken } from "./unsubscribe-token.ts";

/** The most items one mail lists; more wait for the next mail. */
const MAX_ITEMS = 100;
const EXCERPT = 140;

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > EXCERPT ? `${flat.slice(0, EXCERPT - 1)}…` : flat;
}

async function pendingItems(db: Db, userId: number, digest: boolean) {
  return db
    .selectFrom("community_notifications as n")
    .innerJoin("community_posts as p", "p.id", "n.post_id")
    .innerJoin("community_topics as t", "t.id", "n.topic_id")
    .innerJoin("users as pa", "pa.id", "p.user_id")
    .leftJoin("comments as c", "c.id", "n.comment_id")
    .leftJoin("users as ca", "ca.id", "c.user_id")
    .select([
      "n.id",
      "n.reason",
      "n.post_id",
      "n.comment_id",
      "p.title as post_title",
      "p.hidden_at",
      "pa.name as post_author",
      "c.body as comment_body",
      "ca.name as comment_author",
      "t.id as topic_id",
      "t.title as topic_title",
      "t.visibility",
      "t.allow_students_to_add_posts",
    ])
    .where("n.user_id", "=", userId)
    .where("n.digest", "=", digest ? 1 : 0)
    .where("n.sent_at", "is", null)
    .orderBy("n.id")
    .limit(MAX_ITEMS)
    .execute();
}

type Item = Awaited<ReturnType<typeof pendingItems>>[number];

function stillWanted(item: Item, level: TopicNotificationLevel | null): boolean {
  if (item.hidden_at !== null || level === "muted") return false;
  if (item.reason === "author") return true;
  return item.comment_id === null ? POST_LEVELS.includes(level!) : COMMENT_LEVELS.includes(level!);
}

export async function sendTopicMail(
  deps: TopicMailDeps,
  context: Pick<JobContext, "db" | "log" | "job">,
  options: { userId: number; digest: boolean },
): Promise<void> {
  const { db, log } = context;
  const user = await db
    .selectFrom("users")
    .select(["id", "name", "email", "role"])
    .where("id", "=", options.userId)
    .executeTakeFirst();
  if (!user) return;
  const items = await pendingItems(db, user.id, options.digest);
  if (items.length === 0) return;

  const levels = new Map(
    (
      await db
        .selectFrom("community_topic_subscriptions")
        .select(["topic_id", "level"])
        .where("user_id", "=", user.id)
        .where("topic_id", "in", [...new Set(items.map((i) => i.topic_id))])
        .execute()
    ).map((row) => [row.topic_id, row.level]),
  );
  const readable = new Map<number, boolean>();
  const kept: Item[] = [];
  for (const item of items) {
    if (!stillWanted(item, levels.get(item.topic_id) ?? null)) continue;
    if (!readable.has(item.topic_id)) {
      readable.set(
        item.topic_id,
        await userMayReadTopic(db, user, {
          id: item.topic_id,
          visibility: item.visibility,
          allow_students_to_add_posts: item.allow_students_to_add_posts,
        }),
      );
    }
    if (readable.get(item.topic_id)) kept.push(item);
  }

  if (kept.length > 0) {
    const school = await db.selectFrom("school").selectAll().orderBy("id").limit(1).executeTakeFirst();
    const base = publicAddressOf(deps.appUrl, school ?? null);
    // Without a public address there is no link to give: the job waits (retries) until the school has one.
    if (!school || !base) throw new Error("the school has no public address yet (APP_URL or its settings)");
    const t = translator(school.language);
    const topics = new Map<number, { title: string; items: Item[] }>();
    for (const item of kept) {
      const topic = topics.get(item.topic_id) ?? { title: item.topic_title, items: [] };
      topic.items.push(item);
      topics.set(item.topic_id, topic);
    }
    const unsubscribeUrl = (topicIds: number[]) =>
      `${base}/community/unsubscribe/${unsubscribeToken(deps.secret, { userId: user.id, topicIds })}`;
    const render = (withLinks: boolean) => {
      const lines: string[] = [
        t("notifications:mail_greeting", { name: user.name }),
        "",
        t(options.digest ? "notifications:mail_intro_digest" : "notifications:mail_intro", { school: school.name }),
      ];
      for (const [topicId, topic] of topics) {
        lines.push("", `${topic.title}`, "");
        for (const item of topic.items) {
          const link = `${base}/community/posts/${item.post_id}`;
          if (item.comment_id === null) {
            lines.push(`- ${t("notifications:mail_new_post", { title: item.post_title, author: item.post_author })}`);
            lines.push(`  ${link}`);
          } else {
            const key =
              item.reason === "author" ? "notifications:mail_comment_on_yours" : "notifications:mail_new_comment";
            lines.push(`- ${t(key, { title: item.post_title, author: item.comment_author ?? "" })}`);
            lines.push(`  "${excerpt(item.comment_body ?? "")}"`);
            lines.push(`  ${link}#comment-${item.comment_id}`);
          }
        }
        lines.push(
          "",
          t("notifications:mail_unsubscribe_topic", { topic: topic.title }),
          withLinks ? unsubscribeUrl([topicId]) : t("notifications:mail_link_withheld"),
        );
      }
      lines.push("", t("notifications:mail_settings"), `${base}/my/account#notifications`, "", school.name);
      return lines.join("\n");
    };
    const subject = t(options.digest ? "notifications:mail_subject_digest" : "notifications:mail_subject", {
      school: school.name,
    });
    const sent = await deps.mailer.send(
      {
        to: user.email,
        subject,
        text: render(true),
        headers: {
          "List-Unsubscribe": `<${unsubscribeUrl([...topics.keys()])}>`,
          "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        },
      },
      { record: { to: user.email, subject, text: render(false) } },
    );
    log.info(
      { job: context.job.id, mail: sent.id, transport: sent.transport, items: kept.length },
      "community notification mail",
    );
  }

  const now = new Date().toISOString();
  await db
    .updateTable("community_notifications")
    .set({ sent_at: now })
    .where(
      "id",
      "in",
      items.map((i) => i.id),
    )
    .execute();
  await db
    .deleteFrom("community_notifications")
    .where("user_id", "=", user.id)
    .where("sent_at", "<", new Date(Date.now() - KEEP_SENT_MS).toISOString())
    .execute();
  if (items.length === MAX_ITEMS) {
    // More than one mail holds: the rest goes in the next period's mail.
    const runAt = new Date(periodEnd(Date.now(), options.digest ? DIGEST_PERIOD_MS : BATCH_PERIOD_MS)).toISOString();
    const kind = options.digest ? "digest" : "batch";
    await enqueue(
      db,
      topicMailJob,
      { user_id: user.id, digest: options.digest },
      {
        key: `community.topic_mail:${kind}:${user.id}:${runAt}`,
        runAt,
      },
    );
  }
}
