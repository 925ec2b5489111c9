// The admin's moderation queue (/home/moderation, issue 14 item 8): the open reports grouped per item, latest
// reported first, each with the item's excerpt, where it is (a lecture or a community post, with a link), its
// author (and whether their posting is paused), how many reported it and why; and under a tab the resolved
// reports, latest first. An item deleted meanwhile (by its author) still shows its reports, without an excerpt.
import type { Db } from "#platform/db/connection.ts";
import type { ReportableType, ReportReason, ReportResolution } from "#platform/db/schema.ts";
import { type Actor, authorizeUser } from "../shared/actor.ts";
import { canModerate } from "./policies.ts";
import { QUEUE_PAGE_SIZE } from "./schemas.ts";

export const EXCERPT_LENGTH = 240;

export type Place =
  | { kind: "lecture"; title: string; course: string; url: string }
  | { kind: "post"; title: string; topic: string; url: string };

export type ItemAuthor = { id: number; name: string; role: string; posting_paused_until: string | null };

/** What the queue shows of an item; `excerpt` null: the item is gone. */
export type ItemDetails = {
  excerpt: string | null;
  hidden: boolean;
  place: Place | null;
  author: ItemAuthor | null;
};

export type QueueItem = ItemDetails & {
  type: ReportableType;
  id: number;
  reports: number;
  reasons: { reason: ReportReason; count: number }[];
  /** the reporters' own words (the latest few) */
  texts: string[];
  last_reported_at: string;
};

export type ResolvedReport = ItemDetails & {
  report_id: number;
  type: ReportableType;
  id: number;
  reason: ReportReason;
  text: string;
  reporter: string;
  resolution: ReportResolution;
  resolved_at: string;
  resolved_by: string | null;
};

type Paged<T> = { rows: T[]; count: number; page: number; pages: number };

const key = (type: string, id: number) => `${type}:${id}`;

function excerptOf(text: string): string {
  const chars = [...text.replace(/\s+/g, " ").trim()];
  return chars.length > EXCERPT_LENGTH ? `${chars.slice(0, EXCERPT_LENGTH - 1).join("")}…` : chars.join("");
}

function pageOf(page: number, count: number) {
  const pages = Math.max(1, Math.ceil(count / QUEUE_PAGE_SIZE));
  return { page: Math.min(page, pages), pages };
}

/** The places comments hang on: lectures (their course's watch page) and posts (the community's post page). */
async function placesOf(db: Db, targets: { commentable_type: string; commentable_id: number }[]) {
  const places = new Map<string, Place>();
  const lectureIds = [...new Set(targets.filter((t) => t.commentable_type === "lecture").map((t) => t.commentable_id))];
  const postIds = [...new Set(targets.filter((t) => t.commentable_type === "post").map((t) => t.commentable_id))];
  if (lectureIds.length) {
    const lectures = await db
      .selectFrom("lectures as l")
      .innerJoin("course_sections as s", "s.id", "l.section_id")
      .innerJoin("courses as c", "c.id", "s.course_id")
      .select(["l.id", "l.title", "c.title as course", "c.slug"])
      .where("l.id", "in", lectureIds)
      .execute();
    for (const l of lectures) {
      places.set(key("lecture", l.id), {
        kind: "lecture",
        title: l.title,
        course: l.course,
        url: `/${l.slug}/watch/${l.id}`,
      });
    }
  }
  if (postIds.length) {
    const posts = await db
      .selectFrom("community_posts as p")
      .innerJoin("community_topics as t", "t.id", "p.topic_id")
      .select(["p.id", "p.title", "t.title as topic"])
      .where("p.id", "in", postIds)
      .execute();
    for (const p of posts) {
      places.set(key("post", p.id), { kind: "post", title: p.title, topic: p.topic, url: `/community/posts/${p.id}` });
    }
  }
  return places;
}

const authorColumns = [
  "u.id as author_id",
  "u.name as author_name",
  "u.role as author_role",
  "u.posting_paused_until",
] as const;

type AuthorRow = { author_id: number; author_name: string; author_role: string; posting_paused_until: string | null };
const authorOf = (row: AuthorRow): ItemAuthor => ({
  id: row.author_id,
  name: row.author_name,
  role: row.author_role,
  posting_paused_until: row.posting_paused_until,
});

/** The excerpt, place and author of each item that still exists. */
export async function describeItems(
  db: Db,
  items: { type: ReportableType; id: number }[],
): Promise<Map<string, ItemDetails>> {
  const details = new Map<string, ItemDetails>();
  const ids = (type: ReportableType) => [...new Set(items.filter((i) => i.type === type).map((i) => i.id))];
  const postIds = ids("post");
  const commentIds = ids("comment");
  const replyIds = ids("reply");
  if (postIds.length) {
    const posts = await db
      .selectFrom("community_posts as p")
      .innerJoin("community_topics as t", "t.id", "p.topic_id")
      .innerJoin("users as u", "u.id", "p.user_id")
      .select(["p.id", "p.title", "p.body", "p.hidden_at", "t.title as topic", ...authorColumns])
      .where("p.id", "in", postIds)
      .execute();
    for (const p of posts) {
      details.set(key("post", p.id), {
        excerpt: excerptOf(`${p.title}: ${p.body}`),
        hidden: p.hidden_at !== null,
        place: { kind: "post", title: p.title, topic: p.topic, url: `/community/posts/${p.id}` },
        author: authorOf(p),
      });
    }
  }
  const comments = commentIds.length
    ? await db
        .selectFrom("comments as c")
        .innerJoin("users as u", "u.id", "c.user_id")
        .select(["c.id", "c.body", "c.hidden_at", "c.commentable_type", "c.commentable_id", ...authorColumns])
        .where("c.id", "in", commentIds)
        .execute()
    : [];
  const replies = replyIds.length
    ? await db
        .selectFrom("replies as r")
        .innerJoin("comments as c", "c.id", "r.comment_id")
        .innerJoin("users as u", "u.id", "r.user_id")
        .select(["r.id", "r.body", "r.hidden_at", "c.commentable_type", "c.commentable_id", ...authorColumns])
        .where("r.id", "in", replyIds)
        .execute()
    : [];
  const places = await placesOf(db, [...comments, ...replies]);
  for (const [type, rows] of [
    ["comment", comments],
    ["reply", replies],
  ] as const) {
    for (const row of rows) {
      details.set(key(type, row.id), {
        excerpt: excerptOf(row.body),
        hidden: row.hidden_at !== null,
        place: places.get(key(row.commentable_type, row.commentable_id)) ?? null,
        author: authorOf(row),
      });
    }
  }
  return details;
}

const gone: ItemDetails = { excerpt: null, hidden: false, place: null, author: null };

/** How many items wait in the open queue (the admin navigation's badge). */
export async function countOpenItems(db: Db): Promise<number> {
  const row = await db
    .selectFrom((eb) =>
      eb
        .selectFrom("reports")
        .select(["reportable_type", "reportable_id"])
        .where("resolved_at", "is", null)
        .groupBy(["reportable_type", "reportable_id"])
        .as("open"),
    )
    .select((eb) => eb.fn.countAll().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** One page of the open queue: items with open reports, the latest reported first. */
export async function listOpenQueue(db: Db, actor: Actor, options: { page: number }): Promise<Paged<QueueItem>> {
  authorizeUser(actor, canModerate(actor));
  const count = await countOpenItems(db);
  const { page, pages } = pageOf(options.page, count);
  const groups = await db
    .selectFrom("reports")
    .select((eb) => [
      "reportable_type",
      "reportable_id",
      eb.fn.countAll().as("reports"),
      eb.fn.max("id").as("last_id"),
      eb.fn.max("created_at").as("last_reported_at"),
    ])
    .where("resolved_at", "is", null)
    .groupBy(["reportable_type", "reportable_id"])
    .orderBy("last_id", "desc")
    .limit(QUEUE_PAGE_SIZE)
    .offset((page - 1) * QUEUE_PAGE_SIZE)
    .execute();
  if (groups.length === 0) return { rows: [], count, page, pages };
  const items = groups.map((g) => ({ type: g.reportable_type, id: g.reportable_id }));
  const reports = await db
    .selectFrom("reports")
    .select(["id", "reportable_type", "reportable_id", "reason", "text"])
    .where("resolved_at", "is", null)
    .where((eb) =>
      eb.or(items.map((i) => eb.and([eb("reportable_type", "=", i.type), eb("reportable_id", "=", i.id)]))),
    )
    .orderBy("id", "desc")
    .execute();
  const details = await describeItems(db, items);
  const rows = groups.map((g): QueueItem => {
    const own = reports.filter((r) => r.reportable_type === g.reportable_type && r.reportable_id === g.reportable_id);
    const reasons = new Map<ReportReason, number>();
    for (const r of own) reasons.set(r.reason, (reasons.get(r.reason) ?? 0) + 1);
    return {
      type: g.reportable_type,
      id: g.reportable_id,
      ...(details.get(key(g.reportable_type, g.reportable_id)) ?? gone),
      reports: Number(g.reports),
      reasons: [...reasons].map(([reason, n]) => ({ reason, count: n })),
      texts: own.flatMap((r) => (r.text ? [r.text] : [])).slice(0, 5),
      last_reported_at: String(g.last_reported_at),
    };
  });
  return { rows, count, page, pages };
}

/** One page of the resolved reports, the latest resolved first. */
export async function listResolvedReports(
  db: Db,
  actor: Actor,
  options: { page: number },
): Promise<Paged<ResolvedReport>> {
  authorizeUser(actor, canModerate(actor));
  const counted = await db
    .selectFrom("reports")
    .select((eb) => eb.fn.countAll().as("count"))
    .where("resolved_at", "is not", null)
    .executeTakeFirstOrThrow();
  const count = Number(counted.count);
  const { page, pages } = pageOf(options.page, count);
  const reports = await db
    .selectFrom("reports as r")
    .innerJoin("users as reporter", "reporter.id", "r.reporter_id")
    .leftJoin("users as admin", "admin.id", "r.resolved_by")
    .select([
      "r.id",
      "r.reportable_type",
      "r.reportable_id",
      "r.reason",
      "r.text",
      "r.resolution",
      "r.resolved_at",
      "reporter.name as reporter",
      "admin.name as resolved_by",
    ])
    .where("r.resolved_at", "is not", null)
    .orderBy("r.resolved_at", "desc")
    .orderBy("r.id", "desc")
    .limit(QUEUE_PAGE_SIZE)
    .offset((page - 1) * QUEUE_PAGE_SIZE)
    .execute();
  const details = await describeItems(
    db,
    reports.map((r) => ({ type: r.reportable_type, id: r.reportable_id })),
  );
  const rows = reports.map((r): ResolvedReport => ({
    report_id: r.id,
    type: r.reportable_type,
    id: r.reportable_id,
    reason: r.reason,
    text: r.text,
    reporter: r.reporter,
    resolution: r.resolution!,
    resolved_at: r.resolved_at!,
    resolved_by: r.resolved_by,
    ...(details.get(key(r.reportable_type, r.reportable_id)) ?? gone),
  }));
  return { rows, count, page, pages };
}
