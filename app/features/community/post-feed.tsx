// A feed's list (spec §2 "Community topic feed": posts newest first with 'More'): the first page comes from the
// loader, 'More' asks the answer's next_page_url (§7 POST {next_page_url}) and appends what it has not shown yet.
import { useState } from "react";
import type { FeedPage } from "#core/community/feed.ts";
import type { PostView } from "#core/community/present.ts";
import { api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { Button } from "#app/ui/button.tsx";
import { EmptyState } from "#app/ui/empty-state.tsx";
import { PostCard } from "./post-card.tsx";

export function useFeed(initial: FeedPage) {
  const [posts, setPosts] = useState(initial.data);
  const [next, setNext] = useState(initial.next_page_url);
  const [loading, setLoading] = useState(false);

  async function loadMore() {
    if (!next || loading) return;
    setLoading(true);
    try {
      const answer = await api<{ community_posts: FeedPage }>("POST", next);
      const page = answer.community_posts;
      setPosts((shown) => [...shown, ...page.data.filter((post) => !shown.some((s) => s.id === post.id))]);
      setNext(page.next_page_url);
    } catch {
      // the api wrapper has shown the toast
    } finally {
      setLoading(false);
    }
  }

  function prepend(post: PostView) {
    setPosts((shown) => [post, ...shown.filter((s) => s.id !== post.id)]);
  }

  return { posts, more: next !== null, loading, loadMore, prepend };
}

export function PostFeed({ feed, emptyText }: { feed: ReturnType<typeof useFeed>; emptyText: string }) {
  const t = useT();
  if (feed.posts.length === 0) return <EmptyState text={emptyText} data-testid="feed-empty" />;
  return (
    <div className="flex flex-col gap-4">
      <ol className="flex flex-col gap-4" data-testid="post-feed">
        {feed.posts.map((post) => (
          <li key={post.id}>
            <PostCard post={post} />
          </li>
        ))}
      </ol>
      {feed.more && (
        <div className="flex justify-center">
          <Button variant="secondary" disabled={feed.loading} onClick={feed.loadMore}>
            {feed.loading ? t("community:loading") : t("community:more")}
          </Button>
        </div>
      )}
    </div>
  );
}
