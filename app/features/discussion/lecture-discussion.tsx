// The lecture's discussion under the player (spec §2 "Player comments area", §3-§8). Only logged-in users see
// and write comments: a logged-out visitor sees 'Want to see the comments?' with 'Log in now'. Comments are
// listed newest first, so a new comment joins the list at the top, right under the form; 'More' loads older
// ones. Data for the first render: loadLectureDiscussion (core/discussion/load-lecture-discussion.ts).
import { useId, useState } from "react";
import { Link } from "react-router";
import type { CommentPage } from "#core/discussion/list-comments.ts";
import type { LectureDiscussionData } from "#core/discussion/load-lecture-discussion.ts";
import type { CommentView } from "#core/discussion/present.ts";
import type { DiscussionViewer } from "#core/discussion/rights.ts";
import { COMMENT_MAX, COMMENT_MIN } from "#core/discussion/schemas.ts";
import { api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { useRootData } from "#app/lib/root-data.ts";
import { Button, buttonClass } from "#app/ui/button.tsx";
import { CommentForm } from "./comment-form.tsx";
import { CommentItem } from "./comment-item.tsx";

export type { LectureDiscussionData };

export function LectureDiscussion({
  lectureId,
  courseSlug,
  initial,
}: {
  lectureId: number;
  courseSlug: string;
  initial: LectureDiscussionData;
}) {
  const t = useT();
  const headingId = useId();
  if (initial.state === "hidden") return null;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-gray-200 bg-white p-4 sm:p-6"
      data-testid="lecture-discussion"
    >
      <h2 id={headingId} className="text-lg font-semibold text-ink">
        {t("discussion:heading")}
      </h2>
      {initial.state === "login" ? (
        <div className="mt-4 flex flex-col items-start gap-3 rounded-md bg-gray-50 p-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="font-medium text-ink">{t("discussion:want_to_see")}</p>
          <Link to={`/${courseSlug}/watch/login`} className={buttonClass("primary")}>
            {t("discussion:log_in_now")}
          </Link>
        </div>
      ) : (
        // A new lecture starts a new discussion (its own list and form state).
        <OpenDiscussion
          key={lectureId}
          lectureId={lectureId}
          loginHref={`/${courseSlug}/watch/login`}
          viewer={initial.viewer}
          comments={initial.comments}
          more={initial.more}
        />
      )}
    </section>
  );
}

function OpenDiscussion({
  lectureId,
  loginHref,
  viewer,
  ...initial
}: {
  lectureId: number;
  loginHref: string;
  viewer: DiscussionViewer;
  comments: CommentView[];
  more: boolean;
}) {
  const t = useT();
  const lang = useRootData()?.lang ?? "en";
  const [comments, setComments] = useState(initial.comments);
  const [more, setMore] = useState(initial.more);
  const [loadingMore, setLoadingMore] = useState(false);

  async function send(body: string) {
    const { comment } = await api<{ comment: CommentView }>(
      "POST",
      "/comments",
      { type: "lecture", id: lectureId, body, file: 0 },
      { silent: true, handled: [419] },
    );
    setComments((list) => [comment, ...list.filter((c) => c.id !== comment.id)]);
  }

  async function loadMore() {
    setLoadingMore(true);
    try {
      const before = comments.at(-1)?.id;
      const page = await api<CommentPage>("POST", `/json/lectures/${lectureId}/comments`, before ? { before } : {});
      setComments((list) => [...list, ...page.comments.filter((c) => !list.some((shown) => shown.id === c.id))]);
      setMore(page.more);
    } catch {
      // the api wrapper has shown the toast
    } finally {
      setLoadingMore(false);
    }
  }

  return (
    <div className="mt-4 flex flex-col gap-6">
      <CommentForm
        label={t("discussion:comment_label")}
        placeholder={t("discussion:comment_placeholder")}
        min={COMMENT_MIN}
        max={COMMENT_MAX}
        loginHref={loginHref}
        draftKey={`lecture:${lectureId}`}
        onSend={send}
      />
      {comments.length === 0 ? (
        <p className="text-sm text-muted">{t("discussion:no_comments")}</p>
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
              onDeleted={(id) => setComments((list) => list.filter((c) => c.id !== id))}
            />
          ))}
        </ol>
      )}
      {more && (
        <div className="flex justify-center">
          <Button variant="secondary" disabled={loadingMore} onClick={loadMore}>
            {loadingMore ? t("discussion:loading") : t("discussion:more")}
          </Button>
        </div>
      )}
    </div>
  );
}
