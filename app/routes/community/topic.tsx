// /community/topics/{id}: one topic's feed (spec §2 "Community topic feed"): its title and description, the post
// dialog where the reader may post, the posts newest first (pinned first) with 'More'. A visitor on a restricted
// topic is sent to log in; a student without its key gets a 403 page naming the products that open it.
import { data, Link, redirect } from "react-router";
import { PenLine } from "lucide-react";
import { openTopicFeed } from "#core/community/feed.ts";
import { topicAccess } from "#core/community/topics.ts";
import { topicGalleryPreview } from "#core/community/gallery-preview.ts";
import { readerTopicLevel } from "#core/community/notifications/topic-levels.ts";
import { idFromText } from "#core/shared/ids.ts";
import { translator } from "#platform/i18n/index.ts";
import { pageContext } from "#server/page-context.ts";
import { useT } from "#app/lib/i18n.tsx";
import { GalleryPreview } from "#app/features/community/gallery/gallery-preview.tsx";
import { LockedTopic } from "#app/features/community/locked-topic.tsx";
import { NotificationDropdown } from "#app/features/community/notification-dropdown.tsx";
import { PostDialog } from "#app/features/community/post-dialog.tsx";
import { PostFeed, useFeed } from "#app/features/community/post-feed.tsx";
import { Button } from "#app/ui/button.tsx";
import { toast } from "#app/ui/toast.tsx";
import type { Route } from "./+types/topic.ts";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const root = matches[0]?.loaderData;
  const t = translator(root?.lang ?? "en");
  if (!loaderData) return matches[0]?.meta ?? [];
  return [{ title: `${loaderData.topic.title} · ${t("community:title")} · ${root?.school?.name ?? "Studium"}` }];
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const { request: ctx, services } = context.get(pageContext);
  const topicId = idFromText(params.id);
  const access = topicId ? await topicAccess(services.db, ctx.actor, topicId) : null;
  if (!topicId || !access) throw new Response(null, { status: 404 });
  if (access.state === "login") throw redirect(`/login?next=${encodeURIComponent(`/community/topics/${topicId}`)}`);
  if (access.state === "locked") {
    return data({ state: "locked" as const, topic: access.topic, products: access.products }, { status: 403 });
  }
  // The access is resolved once above and handed to each part of the page.
  const [feed, level, gallery] = await Promise.all([
    openTopicFeed(services.db, ctx.actor, access),
    ctx.user ? readerTopicLevel(services.db, ctx.actor, access) : null,
    topicGalleryPreview(services.db, ctx.actor, access.topic),
  ]);
  return {
    state: "open" as const,
    topic: feed.community_topic!,
    feed: feed.community_posts,
    canPost: feed.canPost,
    isAdmin: ctx.actor.kind === "admin",
    // The notification dropdown: the signed-in reader's mail level for this topic.
    notifications: ctx.user ? { level } : null,
    gallery,
  };
}

export default function CommunityTopic({ loaderData }: Route.ComponentProps) {
  if (loaderData.state === "locked") return <LockedTopic topic={loaderData.topic} products={loaderData.products} />;
  // A new topic starts a new feed (its own list).
  return <OpenTopic key={loaderData.topic.id} {...loaderData} />;
}

function OpenTopic({
  topic,
  feed: first,
  canPost,
  isAdmin,
  notifications,
  gallery,
}: Extract<Route.ComponentProps["loaderData"], { state: "open" }>) {
  const t = useT();
  const feed = useFeed(first);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8">
      <Link
        to="/community"
        className="self-start text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
      >
        {t("community:back_to_community")}
      </Link>
      <header className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold break-words text-ink">{topic.title}</h1>
          {topic.description && <p className="mt-2 break-words text-muted">{topic.description}</p>}
        </div>
        <div className="flex shrink-0 flex-wrap items-center gap-2">
          {notifications && <NotificationDropdown topicId={topic.id} level={notifications.level} />}
          {canPost && (
            <PostDialog
              target={{ topicId: topic.id }}
              asAdmin={isAdmin}
              onSaved={(post) => {
                feed.prepend(post);
                toast.success(t("community:published"));
              }}
              trigger={
                <Button>
                  <PenLine aria-hidden className="size-4" />
                  {t("community:new_post")}
                </Button>
              }
            />
          )}
        </div>
      </header>
      <GalleryPreview topicId={topic.id} initial={gallery} />
      <PostFeed feed={feed} emptyText={canPost ? t("community:no_posts_writer") : t("community:no_posts")} />
    </div>
  );
}
