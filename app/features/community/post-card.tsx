// One post in a feed (spec §2 "Community topic feed"): its title linking to the post's page, the author, the topic
// and the date, a pinned mark, the text and media, and the number of comments.
import { Link } from "react-router";
import { MessageSquare, Pin } from "lucide-react";
import { formatDate } from "#platform/i18n/format.ts";
import type { PostView } from "#core/community/present.ts";
import { postPath, topicPath } from "#core/community/paths.ts";
import { useT } from "#app/lib/i18n.tsx";
import { useRootData, useTimeZone } from "#app/lib/root-data.ts";
import { Avatar } from "#app/ui/avatar.tsx";
import { Badge } from "#app/ui/badge.tsx";
import { PostBody, PostMedia } from "./post-content.tsx";

export function PostByline({ post }: { post: PostView }) {
  const t = useT();
  const lang = useRootData()?.lang ?? "en";
  const timeZone = useTimeZone();
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Avatar id={post.user_id} name={post.student.name} />
      <div className="min-w-0 text-sm">
        <p className="font-semibold text-ink">
          {post.student.name}
          {post.by_admin === 1 && (
            <span className="ml-2 rounded bg-brand-50 px-1.5 py-0.5 text-xs font-semibold text-brand-700">
              {t("discussion:by_admin")}
            </span>
          )}
        </p>
        <p className="text-muted">
          <Link to={topicPath(post.community_topic.id)} className="underline-offset-4 hover:underline">
            {post.community_topic.title}
          </Link>
          {" · "}
          <time dateTime={post.created_at}>{formatDate(post.created_at, lang, timeZone)}</time>
        </p>
      </div>
    </div>
  );
}

export function PostCard({ post }: { post: PostView }) {
  const t = useT();
  return (
    <article
      className="flex flex-col gap-3 rounded-lg border border-gray-200 bg-white p-4 sm:p-6"
      data-testid="post-card"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <PostByline post={post} />
        <div className="flex gap-2">
          {post.pinned && (
            <Badge tone="info" icon={Pin}>
              {t("community:pinned")}
            </Badge>
          )}
          {post.hidden && <Badge tone="warning">{t("community:hidden")}</Badge>}
        </div>
      </div>
      <h3 className="text-lg font-semibold break-words text-ink">
        <Link to={postPath(post.id)} className="hover:underline hover:underline-offset-4">
          {post.title}
        </Link>
      </h3>
      <div className="line-clamp-[12]">
        <PostBody post={post} />
      </div>
      <PostMedia post={post} />
      <Link
        to={postPath(post.id)}
        className="inline-flex items-center gap-2 self-start text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
      >
        <MessageSquare aria-hidden className="size-4" />
        {t("community:comments_count", { count: post.comments_count })}
      </Link>
    </article>
  );
}
