// /community: the feed of every topic the reader may open, newest first with 'More', beside the list of those
// topics (issue 14). A school without topics shows the admin how to start one and everyone else a friendly page.
import { Link } from "react-router";
import { MessagesSquare } from "lucide-react";
import { allTopicsFeed } from "#core/community/feed.ts";
import { galleryPreview } from "#core/community/gallery-preview.ts";
import { pageContext } from "#server/page-context.ts";
import { useT } from "#app/lib/i18n.tsx";
import { pageTitle } from "#app/lib/page-title.ts";
import { GalleryPreview } from "#app/features/community/gallery/gallery-preview.tsx";
import { PostFeed, useFeed } from "#app/features/community/post-feed.tsx";
import { TopicList } from "#app/features/community/topic-list.tsx";
import { buttonClass } from "#app/ui/button.tsx";
import { EmptyState } from "#app/ui/empty-state.tsx";
import type { Route } from "./+types/index.ts";

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches[0]?.loaderData, "community:title");
}

export async function loader({ context }: Route.LoaderArgs) {
  const { request: ctx, services } = context.get(pageContext);
  const feed = await allTopicsFeed(services.db, ctx.actor);
  const gallery = feed.community_topics.length ? await galleryPreview(services.db, ctx.actor, null) : null;
  return { topics: feed.community_topics, feed: feed.community_posts, isAdmin: ctx.actor.kind === "admin", gallery };
}

export default function CommunityIndex({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { topics, isAdmin } = loaderData;
  const feed = useFeed(loaderData.feed);
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8">
      <h1 className="text-3xl font-bold text-ink">{t("community:title")}</h1>
      {topics.length === 0 ? (
        isAdmin ? (
          <EmptyState
            icon={MessagesSquare}
            title={t("community:empty_admin_title")}
            text={t("community:empty_admin_text")}
            action={
              <Link to="/home/community/new" className={buttonClass("primary")}>
                {t("community:empty_admin_action")}
              </Link>
            }
            data-testid="community-empty"
          />
        ) : (
          <EmptyState
            icon={MessagesSquare}
            title={t("community:empty_title")}
            text={t("community:empty_text")}
            data-testid="community-empty"
          />
        )
      ) : (
        <div className="grid gap-6 lg:grid-cols-[16rem_1fr]">
          <aside>
            <TopicList topics={topics} />
          </aside>
          <section aria-labelledby="community-feed-heading" className="flex min-w-0 flex-col gap-4">
            <h2 id="community-feed-heading" className="text-xl font-semibold text-ink">
              {t("community:feed_heading")}
            </h2>
            {loaderData.gallery && <GalleryPreview initial={loaderData.gallery} />}
            <PostFeed feed={feed} emptyText={t("community:no_posts")} />
          </section>
        </div>
      )}
    </div>
  );
}
