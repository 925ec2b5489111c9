// /community/posts/{id} (named route community.posts.show; spec §2 "Community post detail"): the post, edit and
// delete for its author (and the admins), votes, and its comments through the lecture discussion's components.
// What the reader may not see is a 404; a visitor on a restricted topic is sent to log in; a student without the
// topic's key gets the 403 page naming the products that open it.
import { useState } from "react";
import { data, Link, redirect, useNavigate } from "react-router";
import { Pencil, Pin, PinOff, Trash2 } from "lucide-react";
import { isAppError } from "#core/errors.ts";
import { topicIdOfPost } from "#core/community/post-access.ts";
import { topicPath } from "#core/community/paths.ts";
import { showPost } from "#core/community/show-post.ts";
import { topicAccess } from "#core/community/topics.ts";
import { idFromText } from "#core/shared/ids.ts";
import { translator } from "#platform/i18n/index.ts";
import { pageContext } from "#server/page-context.ts";
import { api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { LockedTopic } from "#app/features/community/locked-topic.tsx";
import { PostBody, PostMedia } from "#app/features/community/post-content.tsx";
import { PostByline } from "#app/features/community/post-card.tsx";
import { PostDialog } from "#app/features/community/post-dialog.tsx";
import { PostDiscussion } from "#app/features/community/post-discussion.tsx";
import { VoteButtons } from "#app/features/discussion/vote-buttons.tsx";
import { ReportButton } from "#app/features/moderation/report-button.tsx";
import { Badge } from "#app/ui/badge.tsx";
import { Button } from "#app/ui/button.tsx";
import { ConfirmDialog } from "#app/ui/confirm-dialog.tsx";
import { toast } from "#app/ui/toast.tsx";
import type { Route } from "./+types/post.ts";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const root = matches[0]?.loaderData;
  const t = translator(root?.lang ?? "en");
  if (!loaderData) return matches[0]?.meta ?? [];
  const name = loaderData.state === "open" ? loaderData.shown.post.title : loaderData.topic.title;
  return [{ title: `${name} · ${t("community:title")} · ${root?.school?.name ?? "Studium"}` }];
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const { request: ctx, services } = context.get(pageContext);
  const postId = idFromText(params.id);
  if (!postId) throw new Response(null, { status: 404 });
  try {
    const shown = await showPost(services.db, ctx.actor, postId);
    const viewer = ctx.user ? { id: ctx.user.id, role: ctx.user.role } : null;
    return { state: "open" as const, shown, viewer };
  } catch (error) {
    if (!isAppError(error)) throw error;
    if (error.code === "unauthenticated")
      throw redirect(`/login?next=${encodeURIComponent(`/community/posts/${postId}`)}`);
    if (error.code === "not_found") {
      const topicId = await topicIdOfPost(services.db, ctx.actor, postId);
      const access = topicId ? await topicAccess(services.db, ctx.actor, topicId) : null;
      if (access?.state === "locked")
        return data({ state: "locked" as const, topic: access.topic, products: access.products }, { status: 403 });
    }
    throw error;
  }
}

export default function CommunityPost({ loaderData }: Route.ComponentProps) {
  if (loaderData.state === "locked") return <LockedTopic topic={loaderData.topic} products={loaderData.products} />;
  return <OpenPost key={loaderData.shown.post.id} {...loaderData} />;
}

function OpenPost({ shown, viewer }: Extract<Route.ComponentProps["loaderData"], { state: "open" }>) {
  const t = useT();
  const navigate = useNavigate();
  const [post, setPost] = useState(shown.post);
  const { rights } = shown;

  async function remove() {
    await api("DELETE", `/json/community/posts/${post.id}`);
    toast.success(t("community:deleted"));
    navigate(topicPath(post.community_topic.id));
  }

  async function pin(pinned: boolean) {
    try {
      await api(pinned ? "POST" : "DELETE", `/home/community/posts/${post.id}/pin`);
      setPost((current) => ({ ...current, pinned }));
    } catch {
      // the api wrapper has shown the toast
    }
  }

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8">
      <Link
        to={topicPath(post.community_topic.id)}
        className="self-start text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
      >
        {post.community_topic.title}
      </Link>
      <article className="flex flex-col gap-4 rounded-lg border border-gray-200 bg-white p-4 sm:p-6" data-testid="post">
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
        <h1 className="text-2xl font-bold break-words text-ink sm:text-3xl">{post.title}</h1>
        <PostBody post={post} />
        <PostMedia post={post} />
        <div className="flex flex-wrap items-center justify-between gap-2 border-t border-gray-100 pt-3">
          {viewer && rights.comment ? (
            <div role="group" aria-label={t("community:votes_label")}>
              <VoteButtons
                type="post"
                id={post.id}
                votes={post.votes}
                count={post.up_votes_count}
                onVoted={(change) => setPost((current) => ({ ...current, ...change }))}
              />
            </div>
          ) : (
            <span />
          )}
          <div className="flex flex-wrap gap-1">
            {viewer && rights.comment && post.user_id !== viewer.id && (
              <ReportButton type="post" id={post.id} authorName={post.student.name} />
            )}
            {rights.pin && (
              <Button variant="ghost" onClick={() => pin(!post.pinned)}>
                {post.pinned ? <PinOff aria-hidden className="size-4" /> : <Pin aria-hidden className="size-4" />}
                {post.pinned ? t("community:unpin") : t("community:pin")}
              </Button>
            )}
            {rights.edit && (
              <PostDialog
                target={{ post }}
                asAdmin={post.by_admin === 1}
                onSaved={(saved) => {
                  setPost((current) => ({ ...saved, comments: current.comments }));
                  toast.success(t("community:saved"));
                }}
                trigger={
                  <Button variant="ghost">
                    <Pencil aria-hidden className="size-4" />
                    {t("community:edit")}
                  </Button>
                }
              />
            )}
            {rights.delete && (
              <ConfirmDialog
                trigger={
                  <Button variant="ghost" className="text-red-700 hover:bg-red-50">
                    <Trash2 aria-hidden className="size-4" />
                    {t("community:delete")}
                  </Button>
                }
                title={t("community:delete_title")}
                description={t("community:delete_text")}
                confirmLabel={t("community:delete")}
                cancelLabel={t("community:cancel")}
                onConfirm={remove}
              />
            )}
          </div>
        </div>
      </article>
      <PostDiscussion
        postId={post.id}
        viewer={viewer && rights.comment ? viewer : null}
        initial={shown.post.comments}
        more={shown.more_comments}
        onCountChange={(delta) =>
          setPost((current) => ({ ...current, comments_count: Math.max(0, current.comments_count + delta) }))
        }
      />
    </div>
  );
}
