// The comment form and the reply form (spec §4, §5): the send button shows once there is text and is enabled
// from 2 characters; idle -> sending -> the new item is added and the box cleared. Failures per send-problem.ts:
// a 419 says 'Session expired' and goes to /login as §8 wants, coming back to this page, where the text typed is
// put back in its box (draft.ts). Where the commentable accepts a video (acceptsVideo: community posts, §5) the box
// offers 'Attach video' while it has focus; the video goes up after the comment is created (comment-video.tsx).
import { type FocusEvent, type FormEvent, useEffect, useId, useRef, useState } from "react";
import { clsx } from "clsx";
import { sendButtonState } from "#core/discussion/schemas.ts";
import { ApiError } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { Button } from "#app/ui/button.tsx";
import { toast } from "#app/ui/toast.tsx";
import type { CommentVideoUpload } from "./comment-video-upload.ts";
import { useVideoUpload, VideoAttachment, VideoUploadStatus } from "./comment-video.tsx";
import { type ChosenImage, ImageUploadBox } from "./image-upload-box.tsx";
import { keepDraft, takeDraft } from "./draft.ts";
import { type SendProblem, sendProblem } from "./send-problem.ts";

/** What POST /comments answered, when the form needs it (a video to upload). */
export type SentComment = { comment: { video_id: number | null }; videoUpload?: CommentVideoUpload };

export function CommentForm({
  label,
  placeholder,
  min,
  max,
  withImage = false,
  acceptsVideo = false,
  autoFocus = false,
  loginHref,
  draftKey,
  onSend,
}: {
  label: string;
  placeholder: string;
  min: number;
  max: number;
  /** an admin's reply may carry an image */
  withImage?: boolean;
  /** the commentable takes a video (a community post): 'Attach video' while the box has focus */
  acceptsVideo?: boolean;
  autoFocus?: boolean;
  /** where 'Log in' leads after a 401 or 419 (/{course}/watch/login) */
  loginHref: string;
  /** names the box's text kept across a login after a 419 (e.g. "lecture:12", "reply:34") */
  draftKey: string;
  /**
   * sends the text (and image; with a video: the file flag 1) and answers what POST /comments answered (its
   * videoUpload is where the video goes); throws the ApiError of a failed call
   */
  onSend: (body: string, image: File | null, video: File | null) => Promise<void | SentComment>;
}) {
  const t = useT();
  const id = useId();
  const [text, setText] = useState("");
  const [image, setImage] = useState<ChosenImage | null>(null);
  const [video, setVideo] = useState<File | null>(null);
  const [focused, setFocused] = useState(false);
  const videoUpload = useVideoUpload();
  const uploading = videoUpload.state.phase === "uploading";
  const [status, setStatus] = useState<"idle" | "sending">("idle");
  const [problem, setProblem] = useState<SendProblem | null>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const button = sendButtonState(text, min);

  // The kept text lives in sessionStorage, which the server cannot see: it is put back after hydration.
  useEffect(() => {
    const draft = takeDraft(draftKey);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- read once from an external store after hydration
    if (draft) setText(draft);
  }, [draftKey]);

  function chooseImage(file: File | null) {
    setImage((previous) => {
      if (previous) URL.revokeObjectURL(previous.url);
      return file ? { file, url: URL.createObjectURL(file) } : null;
    });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (button !== "enabled" || status === "sending" || uploading) return;
    setStatus("sending");
    setProblem(null);
    try {
      const attached = acceptsVideo ? video : null;
      const sent = await onSend(text, image?.file ?? null, attached);
      setText("");
      chooseImage(null);
      setVideo(null);
      if (attached && sent?.videoUpload && sent.comment.video_id !== null) {
        void videoUpload.start(attached, sent.videoUpload, sent.comment.video_id);
      }
    } catch (error) {
      const found = error instanceof ApiError ? sendProblem(error, text, max) : null;
      setProblem(found);
      if (found?.kind === "expired") {
        keepDraft(draftKey, text);
        window.location.assign(`/login?next=${encodeURIComponent(window.location.pathname + window.location.search)}`);
        return;
      }
      // The network failed or the server refused for another reason (§8): the toast, in the page's language.
      if (!found) toast.error(t("discussion:something_went_wrong"));
      textarea.current?.focus();
    } finally {
      setStatus("idle");
    }
  }

  const invalid = problem?.kind === "too_long" || problem?.kind === "invalid";
  // 'Attach video' while the focus is in the box or on the button (Tab from the box to it keeps it there).
  const trackFocus = {
    onFocus: () => setFocused(true),
    onBlur: (event: FocusEvent<HTMLDivElement>) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
    },
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2">
      <label htmlFor={`${id}-body`} className="sr-only">
        {label}
      </label>
      <div className="flex flex-col gap-2" {...(acceptsVideo ? trackFocus : {})}>
        <textarea
          ref={textarea}
          id={`${id}-body`}
          name="body"
          rows={3}
          value={text}
          placeholder={placeholder}
          autoFocus={autoFocus}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={invalid || undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          className={clsx(
            "w-full rounded-md border bg-white px-3 py-2 text-base text-ink shadow-sm sm:text-sm",
            invalid ? "border-red-600" : "border-gray-300",
          )}
        />
        {acceptsVideo && (
          <VideoAttachment
            video={video}
            offered={focused}
            disabled={status === "sending" || uploading}
            onChange={setVideo}
          />
        )}
      </div>
      {acceptsVideo && <VideoUploadStatus state={videoUpload.state} />}
      {withImage && <ImageUploadBox image={image} onChange={chooseImage} />}
      {problem && <ProblemNotice id={`${id}-problem`} problem={problem} loginHref={loginHref} />}
      {button !== "hidden" && (
        <div className="flex justify-end">
          <Button type="submit" disabled={button === "disabled" || status === "sending" || uploading}>
            {status === "sending" ? t("discussion:sending") : t("discussion:send")}
          </Button>
        </div>
      )}
    </form>
  );
}

function ProblemNotice({ id, problem, loginHref }: { id: string; problem: SendProblem; loginHref: string }) {
  const t = useT();
  if (problem.kind === "too_long") {
    return (
      <div
        id={id}
        role="alert"
        className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
      >
        <p>{t("discussion:too_long_warning", { max: problem.max, length: problem.length })}</p>
        <p className="font-semibold">{t("discussion:try_splitting")}</p>
      </div>
    );
  }
  if (problem.kind === "invalid") {
    return (
      <p id={id} role="alert" className="text-sm text-red-700" data-field-error="body">
        {problem.message}
      </p>
    );
  }
  return (
    <div id={id} role="status" className="rounded-md border border-brand-100 bg-brand-50 px-3 py-2 text-sm text-ink">
      <p className="font-semibold">
        <a href={loginHref} className="text-brand-700 underline underline-offset-2">
          {t("discussion:log_in")}
        </a>
      </p>
      <p>{problem.kind === "login" ? t("discussion:log_in_to_set_progress") : t("discussion:session_expired")}</p>
    </div>
  );
}
