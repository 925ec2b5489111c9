// One comment of the discussion with its votes, its replies (loaded on 'Show replies'), the reply form, and the
// buttons the viewer's rights allow (§6): delete, and for admins 'Turn into a review' and the author's page;
// 'Report' on what others wrote, and for admins a hidden item's 'Hidden' mark with 'Unhide' (core/moderation).
import { useId, useState } from "react";
import { Link } from "react-router";
import { MessageSquare, Trash2 } from "lucide-react";
import type { CommentView, Ownable, ReplyView } from "#core/discussion/present.ts";
import { canDelete, type DiscussionViewer, isModerator } from "#core/discussion/rights.ts";
import { REPLY_MAX, REPLY_MIN } from "#core/discussion/schemas.ts";
import { formatDate } from "#platform/i18n/format.ts";
import type { Lang } from "#platform/i18n/index.ts";
import { api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { useTimeZone } from "#app/lib/root-data.ts";
import { Avatar } from "#app/ui/avatar.tsx";
import { Button } from "#app/ui/button.tsx";
import { CommentVideo } from "./comment-video.tsx";
import { CommentForm } from "./comment-form.tsx";
import { ConfirmDialog } from "#app/ui/confirm-dialog.tsx";
import { ReviewDialog } from "./review-dialog.tsx";
import { VoteButtons } from "./vote-buttons.tsx";
import { HiddenMark, ReportButton } from "#app/features/moderation/report-button.tsx";

type Props = {
  comment: CommentView;
  viewer: DiscussionViewer;
  lang: Lang;
  loginHref: string;
  /** changes this comment in the list (a function of its current state: answers arrive in any order) */
  onChange: (update: (comment: CommentView) => CommentView) => void;
  onDeleted: (id: number) => void;
};

function AuthorLine({
  id,
  ownable,
  byAdmin,
  createdAt,
  lang,
}: {
  id: string;
  ownable: Ownable;
  byAdmin: boolean;
  createdAt: string;
  lang: Lang;
}) {
  const t = useT();
  const timeZone = useTimeZone();
  return (
    <header className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
      <span id={id} className="font-semibold text-ink">
        {ownable.url ? (
          <Link to={ownable.url} className="underline decoration-gray-300 underline-offset-2 hover:decoration-current">
            {ownable.name}
          </Link>
        ) : (
          ownable.name
        )}
      </span>
      {byAdmin && (
        <span className="rounded bg-brand-50 px-1.5 py-0.5 text-xs font-semibold text-brand-700">
          {t("discussion:by_admin")}
        </span>
      )}
      <time dateTime={createdAt} className="text-xs text-muted">
        {formatDate(createdAt, lang, timeZone)}
      </time>
    </header>
  );
}

function DeleteButton({ kind, onConfirm }: { kind: "comment" | "reply"; onConfirm: () => Promise<void> }) {
  const t = useT();
  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" className="px-2 text-red-700 hover:bg-red-50">
          <Trash2 aria-hidden className="size-4" />
          {t("discussion:delete")}
        </Button>
      }
      title={kind === "comment" ? t("discussion:delete_comment_title") : t("discussion:delete_reply_title")}
      description={kind === "comment" ? t("discussion:delete_comment_text") : t("discussion:delete_reply_text")}
      confirmLabel={t("discussion:delete")}
      cancelLabel={t("discussion:cancel")}
      onConfirm={onConfirm}
    />
  );
}

function ReplyItem({
  reply,
  viewer,
  lang,
  onChange,
  onDeleted,
}: {
  reply: ReplyView;
  viewer: DiscussionViewer;
  lang: Lang;
  onChange: (update: (reply: ReplyView) => ReplyView) => void;
  onDeleted: (id: number, repliesCount: number) => void;
}) {
  const t = useT();
  const id = useId();
  async function remove() {
    try {
      const { replies_count } = await api<{ replies_count: number }>("DELETE", `/replies/${reply.id}`);
      onDeleted(reply.id, replies_count);
    } catch {
      // the api wrapper has shown the toast
    }
  }
  return (
    <li>
      <article aria-labelledby={`${id}-author`} className="flex gap-3">
        <Avatar id={reply.ownable.id} name={reply.ownable.name} size={40} />
        <div className="min-w-0 flex-1">
          <AuthorLine
            id={`${id}-author`}
            ownable={reply.ownable}
            byAdmin={reply.by_admin === 1}
            createdAt={reply.created_at}
            lang={lang}
          />
          <p className="mt-1 text-sm break-words whitespace-pre-wrap text-ink">{reply.body}</p>
          {reply.image_url && (
            <img
              src={reply.image_url}
              alt={t("discussion:reply_image_alt", { name: reply.ownable.name })}
              className="mt-2 max-h-64 max-w-full rounded-md border border-gray-200 object-contain"
            />
          )}
          <div className="mt-1 flex flex-wrap items-center gap-1">
            <VoteButtons
              type="reply"
              id={reply.id}
              votes={reply.votes}
              count={reply.up_votes_count}
              onVoted={(change) => onChange((current) => ({ ...current, ...change }))}
            />
            {canDelete(viewer, { user_id: reply.ownable.id, by_admin: reply.by_admin }) && (
              <DeleteButton kind="reply" onConfirm={remove} />
            )}
            {reply.ownable.id !== viewer.id && (
              <ReportButton type="reply" id={reply.id} authorName={reply.ownable.name} />
            )}
            {reply.hidden_at && (
              <HiddenMark
                type="reply"
                id={reply.id}
                onUnhidden={() => onChange(({ hidden_at: _hidden, ...current }) => current)}
              />
            )}
          </div>
        </div>
      </article>
    </li>
  );
}

export function CommentItem({ comment, viewer, lang, loginHref, onChange, onDeleted }: Props) {
  const t = useT();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const [loading, setLoading] = useState(false);
  const [formOpen, setFormOpen] = useState(false);
  const replies = comment.replies;

  async function loadReplies() {
    if (loaded || loading) return;
    setLoading(true);
    try {
      const data = await api<{ replies: ReplyView[] }>("POST", `/comment/${comment.id}/replies`);
      onChange((current) => ({ ...current, replies: data.replies, replies_count: data.replies.length }));
      setLoaded(true);
    } catch {
      // the api wrapper has shown the toast
    } finally {
      setLoading(false);
    }
  }

  async function showReplies() {
    setOpen(true);
    await loadReplies();
  }

  async function startReply() {
    setFormOpen(true);
    setOpen(true);
    if (comment.replies_count > 0) await loadReplies();
  }

  async function sendReply(body: string, image: File | null) {
    let payload: FormData | { body: string } = { body };
    if (image) {
      payload = new FormData();
      payload.set("body", body);
      payload.set("image", image);
    }
    const data = await api<{ reply: ReplyView; replies_count: number }>(
      "POST",
      `/comment/${comment.id}/reply`,
      payload,
      {
        silent: true,
        handled: [419],
      },
    );
    onChange((current) => ({
      ...current,
      replies: [...current.replies.filter((r) => r.id !== data.reply.id), data.reply],
      replies_count: data.replies_count,
    }));
    setLoaded(true);
  }

  async function remove() {
    try {
      await api("DELETE", `/comments/${comment.id}`);
      onDeleted(comment.id);
    } catch {
      // the api wrapper has shown the toast
    }
  }

  const showList = open && replies.length > 0;
  return (
    <li>
      <article aria-labelledby={`${id}-author`} className="flex gap-3">
        <Avatar id={comment.ownable.id} name={comment.ownable.name} size={40} />
        <div className="min-w-0 flex-1">
          <AuthorLine
            id={`${id}-author`}
            ownable={comment.ownable}
            byAdmin={comment.by_admin === 1}
            createdAt={comment.created_at}
            lang={lang}
          />
          <p className="mt-1 break-words whitespace-pre-wrap text-ink">{comment.body}</p>
          <CommentVideo videoId={comment.video_id} status={comment.bunny_status} />
          <div className="mt-1 flex flex-wrap items-center gap-1">
            <VoteButtons
              type="comment"
              id={comment.id}
              votes={comment.votes}
              count={comment.up_votes_count}
              onVoted={(change) => onChange((current) => ({ ...current, ...change }))}
            />
            <Button variant="ghost" className="px-2" onClick={startReply}>
              <MessageSquare aria-hidden className="size-4" />
              {t("discussion:reply")}
            </Button>
            {canDelete(viewer, { user_id: comment.ownable.id, by_admin: comment.by_admin }) && (
              <DeleteButton kind="comment" onConfirm={remove} />
            )}
            {isModerator(viewer) && comment.by_admin === 0 && <ReviewDialog commentId={comment.id} />}
            {comment.ownable.id !== viewer.id && (
              <ReportButton type="comment" id={comment.id} authorName={comment.ownable.name} />
            )}
            {comment.hidden_at && (
              <HiddenMark
                type="comment"
                id={comment.id}
                onUnhidden={() => onChange(({ hidden_at: _hidden, ...current }) => current)}
              />
            )}
          </div>

          {comment.replies_count > 0 &&
            (open ? (
              <Button variant="ghost" className="px-2 text-brand-700" aria-expanded onClick={() => setOpen(false)}>
                {t("discussion:hide_replies")}
              </Button>
            ) : (
              <Button variant="ghost" className="px-2 text-brand-700" aria-expanded={false} onClick={showReplies}>
                {t("discussion:show_replies", { count: comment.replies_count })}
              </Button>
            ))}
          {open && loading && <p className="text-sm text-muted">{t("discussion:loading")}</p>}

          {showList && (
            <ol
              aria-label={t("discussion:replies_of", { name: comment.ownable.name })}
              className="mt-3 flex flex-col gap-4 border-l-2 border-gray-100 pl-3 sm:pl-4"
            >
              {replies.map((reply) => (
                <ReplyItem
                  key={reply.id}
                  reply={reply}
                  viewer={viewer}
                  lang={lang}
                  onChange={(update) =>
                    onChange((current) => ({
                      ...current,
                      replies: current.replies.map((r) => (r.id === reply.id ? update(r) : r)),
                    }))
                  }
                  onDeleted={(replyId, repliesCount) =>
                    onChange((current) => ({
                      ...current,
                      replies: current.replies.filter((r) => r.id !== replyId),
                      replies_count: repliesCount,
                    }))
                  }
                />
              ))}
            </ol>
          )}

          {formOpen && (
            <div className="mt-3">
              <CommentForm
                label={t("discussion:reply_label")}
                placeholder={t("discussion:reply_placeholder")}
                min={REPLY_MIN}
                max={REPLY_MAX}
                withImage={isModerator(viewer)}
                autoFocus
                loginHref={loginHref}
                draftKey={`reply:${comment.id}`}
                onSend={sendReply}
              />
            </div>
          )}
        </div>
      </article>
    </li>
  );
}
