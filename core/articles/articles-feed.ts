// GET /articles/rss.xml (issue 16, item 5): an RSS 2.0 feed of the newest articles on show whose body anyone may
// read (drafts, scheduled articles and those for students or members stay out). Every link starts with the
// school's public address, never the request's Host header. Hand-written (decision 0038): a channel and a list of
// items whose texts need the five XML escapes, as the sitemap does.
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { escapeXml } from "#core/shared/xml.ts";
import { listPublishedArticles } from "./list-published-articles.ts";

/** How many of the newest articles the feed carries. */
export const FEED_ITEMS = 20;

export type FeedChannel = { title: string; description: string; language: string; origin: string };

export type FeedItem = { title: string; link: string; description: string; author: string; published_at: string };

/** Markdown to a line of plain text for a feed item's description (no marks, links as their text). */
export function plainText(markdown: string, length = 300): string {
  const plain = markdown
    .replace(/^\s{0,3}(#{1,6}\s+|>\s?|[-*+]\s+|\d+[.)]\s+)/gm, "")
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<[^>]*>/g, "")
    .replace(/[*_`~]+/g, "")
    .replace(/\s+/g, " ")
    .trim();
  return plain.length <= length ? plain : `${plain.slice(0, length).trimEnd()}…`;
}

export async function listFeedItems(db: Db, origin: string, now = nowIso()): Promise<FeedItem[]> {
  const { articles } = await listPublishedArticles(db, { visibility: "public", perPage: FEED_ITEMS, now });
  return articles.map((article) => ({
    title: article.title,
    link: `${origin}/articles/${encodeURIComponent(article.slug)}`,
    description: plainText(article.summary),
    author: article.author_name,
    published_at: article.published_at,
  }));
}

/** The RSS 2.0 document (https://www.rssboard.org/rss-specification); dates in RFC 822 as it asks. */
export function rssXml(channel: FeedChannel, items: FeedItem[]): string {
  const self = `${channel.origin}/articles/rss.xml`;
  const entries = items.map((item) =>
    [
      "    <item>",
      `      <title>${escapeXml(item.title)}</title>`,
      `      <link>${escapeXml(item.link)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(item.link)}</guid>`,
      `      <pubDate>${new Date(item.published_at).toUTCString()}</pubDate>`,
      ...(item.author ? [`      <dc:creator>${escapeXml(item.author)}</dc:creator>`] : []),
      `      <description>${escapeXml(item.description)}</description>`,
      "    </item>",
    ].join("\n"),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    "  <channel>",
    `    <title>${escapeXml(channel.title)}</title>`,
    `    <link>${escapeXml(`${channel.origin}/articles`)}</link>`,
    `    <description>${escapeXml(channel.description)}</description>`,
    `    <language>${escapeXml(channel.language)}</language>`,
    `    <atom:link href="${escapeXml(self)}" rel="self" type="application/rss+xml"/>`,
    ...(items[0] ? [`    <lastBuildDate>${new Date(items[0].published_at).toUTCString()}</lastBuildDate>`] : []),
    ...entries,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}
