// A post's comments (spec §2 "Community post detail": votes, comments): the lecture discussion's form and items
// (app/features/discussion) on the commentable kind 'post', newest first with 'More'. Visitors of a public topic
// see 'Want to join the conversation?' with 'Log in now'. A comment may carry a
// hosted video (§5: 'Attach video' while the box has focus; the form uploads it after the comment is created).
import { useId, useState } from "react";
import { Link } from "react-router";
import type { CommentPage } from "#core/discussion/list-comments.ts";
import type { CommentView } from "#core/discussion/present.ts";
import type { DiscussionViewer } from "#core/discussion/rights.ts";
import { COMMENT_MAX, COMMENT_MIN } from "#core/discussion/schemas.ts";
import { api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { useRootData } from "#app/lib/root-data.ts";
import { CommentForm, type SentComment } from "#app/features/discussion/comment-form.tsx";
import type { CommentVideoUpload } from "#app/features/discussion/comment-video-upload.ts";
import { CommentItem } from "#app/features/discussion/comment-item.tsx";
import { Button, buttonClass } from "#app/ui/button.tsx";

export function PostDiscussion({
  postId,
  viewer,
  initial,
  more: initialMore,
  onCountChange,
}: {
  postId: number;
  /** null: a visitor, asked to log in */
  viewer: DiscussionViewer | null;
  initial: CommentView[];
  more: boolean;
  onCountChange: (delta: 1 | -1) => void;
}) {
  const t = useT();
  const headingId = useId();
  const lang = useRootData()?.lang ?? "en";
  const loginHref = `/login?next=${encodeURIComponent(`/community/posts/${postId}`)}`;
  const [comments, setComments] = useState(initial);
  const [more, setMore] = useState(initialMore);
  const [loadingMore, setLoadingMore] = useState(false);

  // With a video the comment is created with file: 1 and the answer's videoUpload says where the form sends it.
  async function send(body: string, _image: File | null, video: File | null): Promise<SentComment> {
    const sent = await api<{ comment: CommentView; videoUpload?: CommentVideoUpload }>(
      "POST",
      "/comments",
      { type: "post", id: postId, body, file: video ? 1 : 0 },
      { silent: true, handled: [419] },
    );
    const { comment } = sent;
    setComments((list) => [comment, ...list.filter((c) => c.id !== comment.id)]);
    onCountChange(1);
    return sent;
  }

  async function loadMore() {
    setLoadingMore(true);
    try {
      const before = comments.at(-1)?.id;
      const page = await api<CommentPage>("POST", `/json/community/posts/${postId}/comments`, before ? { before } : {});
      setComments((list) => [...list, ...page.comments.filter((c) => !list.some((shown) => shown.id === c.id))]);
      setMore(page.more);
    } catch {
      // the api wrapper has shown the toast
    } finally {
      setLoadingMore(false);
    }
  }

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-gray-200 bg-white p-4 sm:p-6"
      data-testid="post-discussion"
    >
      <h2 id={headingId} className="text-lg font-semibold text-ink">
        {t("community:comments_heading")}
      </h2>
      {!viewer ? (
        <div className="mt-4 flex flex-col items-start gap-3 rounded-md bg-gray-50 p-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="font-medium text-ink">{t("community:want_to_comment")}</p>
          <Link to={loginHref} className={buttonClass("primary")}>
            {t("community:log_in_now")}
          </Link>
        </div>
      ) : (
        <div className="mt-4 flex flex-col gap-6">
          <CommentForm
            label={t("community:comment_label")}
            placeholder={t("community:comment_placeholder")}
            min={COMMENT_MIN}
            max={COMMENT_MAX}
            loginHref={loginHref}
            draftKey={`post:${postId}`}
            acceptsVideo
            onSend={send}
          />
          {comments.length === 0 ? (
            <p className="text-sm text-muted">{t("community:no_comments")}</p>
          ) : (
            <ol className="flex flex-col gap-6">
              {comments.map((comment) => (
                <CommentItem
                  key={comment.id}
                  comment={comment}
                  viewer={viewer}
                  lang={lang}
                  loginHref={loginHref}
                  onChange={(update) => setComments((list) => list.map((c) => (c.id === comment.id ? update(c) : c)))}
                  onDeleted={(id) => {
                    setComments((list) => list.filter((c) => c.id !== id));
                    onCountChange(-1);
                  }}
                />
              ))}
            </ol>
          )}
          {more && (
            <div className="flex justify-center">
              <Button variant="secondary" disabled={loadingMore} onClick={loadMore}>
                {loadingMore ? t("community:loading") : t("community:more")}
              </Button>
            </div>
          )}
        </div>
      )}
    </section>
  );
}
