// The video part of the comment form (spec §4, §5, §8) and of a comment:
// - VideoAttachment: 'Attach video' is offered only while the text box (or the button itself, reached by Tab) has
//   focus; any video type; the chosen file is shown with 'Remove video' until the comment is sent.
// - useVideoUpload: after the comment was created, the file goes to the answer's videoUpload with tus-js-client
//   (comment-video-upload.ts: retries 0, 3, 5, 10, 20 s; only network and server errors, 409, 423, and never
//   offline), showing progress 0-100 %, then 'Transcoding' while the video's status is 0-2, then 'Saved' at 3;
//   failures say 'File too big', 'Video upload is temporarily unavailable' or 'Upload failed'.
// - CommentVideo: a comment's video, played when ready (our stream, or Bunny's embedded player) by VideoPlayer.
import { type ChangeEvent, useCallback, useEffect, useId, useRef, useState } from "react";
import { Film, X } from "lucide-react";
import { api, csrfToken } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { Button } from "#app/ui/button.tsx";
import { UploadProgress } from "#app/features/media/upload-progress.tsx";
import { VideoPlayer } from "#app/features/media/video-player.tsx";
import {
  type CommentVideoUpload,
  uploadCommentVideo,
  VIDEO_READY,
  VideoUploadError,
  type VideoUploadProblem,
  videoTooBig,
} from "./comment-video-upload.ts";

const POLL_MS = 3000;

/** Only video files are offered (and taken): any video type (§5). */
export function isVideoFile(file: { type: string }): boolean {
  return file.type.startsWith("video/");
}

/**
 * The hidden file input is always there (the file dialog takes the focus away from the text box while it is open);
 * the button shows while `offered` (the text box or the button has focus) and no video is chosen yet. Its place is
 * kept while hidden, so the form's layout does not jump when the focus leaves the box.
 */
export function VideoAttachment({
  video,
  offered,
  disabled = false,
  onChange,
}: {
  video: File | null;
  offered: boolean;
  disabled?: boolean;
  onChange: (file: File | null) => void;
}) {
  const t = useT();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0] ?? null;
    event.target.value = "";
    if (!file) return;
    if (!isVideoFile(file)) return setProblem(t("video_upload:not_video"));
    if (videoTooBig(file)) return setProblem(t("video_upload:too_big"));
    setProblem(null);
    onChange(file);
  }

  return (
    <div className="flex flex-col gap-1">
      <input
        ref={input}
        id={`${id}-file`}
        type="file"
        accept="video/*"
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        onChange={choose}
        data-testid="comment-video-input"
      />
      {video ? (
        <div className="flex items-center gap-2 text-sm text-ink">
          <Film aria-hidden className="size-4 shrink-0 text-muted" />
          <span className="truncate">{t("video_upload:chosen", { name: video.name })}</span>
          <Button type="button" variant="ghost" disabled={disabled} onClick={() => onChange(null)}>
            <X aria-hidden className="size-4" />
            {t("video_upload:remove")}
          </Button>
        </div>
      ) : (
        // The button's place is kept while it is not offered (invisible: out of the tab order and the accessibility
        // tree), so leaving the text box never moves what is below it (the Send button under a pressed pointer).
        <div className={offered ? undefined : "invisible"} aria-hidden={!offered || undefined} data-offered={offered}>
          <Button
            type="button"
            variant="secondary"
            disabled={disabled || !offered}
            tabIndex={offered ? undefined : -1}
            // A mouse press keeps the focus in the text box, so the button does not vanish under the pointer.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => input.current?.click()}
          >
            <Film aria-hidden className="size-4" />
            {t("video_upload:attach")}
          </Button>
        </div>
      )}
      {problem && (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
    </div>
  );
}

export type VideoUploadState =
  | { phase: "idle" }
  | { phase: "uploading"; percent: number }
  | { phase: "transcoding" }
  | { phase: "saved" }
  | { phase: "failed"; problem: VideoUploadProblem };

/** Runs a created comment's upload and follows the video until it is ready. */
export function useVideoUpload() {
  const [state, setState] = useState<VideoUploadState>({ phase: "idle" });
  const stopped = useRef<AbortController | null>(null);

  useEffect(() => () => stopped.current?.abort(), []);

  const start = useCallback(async (file: File, upload: CommentVideoUpload, videoId: number) => {
    stopped.current?.abort();
    const controller = new AbortController();
    stopped.current = controller;
    setState({ phase: "uploading", percent: 0 });
    try {
      await uploadCommentVideo(file, upload, {
        csrfToken: csrfToken(),
        signal: controller.signal,
        onProgress: (percent) => setState({ phase: "uploading", percent }),
      });
    } catch (error) {
      if (controller.signal.aborted) return;
      setState({ phase: "failed", problem: error instanceof VideoUploadError ? error.problem : "failed" });
      return;
    }
    setState({ phase: "transcoding" });
    for (;;) {
      if (controller.signal.aborted) return;
      let status: number;
      try {
        const answer = await api<{ status: number }>("GET", `/videos/${videoId}`, undefined, {
          silent: true,
          handled: [404],
        });
        status = answer.status;
      } catch {
        setState({ phase: "failed", problem: "failed" });
        return;
      }
      if (controller.signal.aborted) return;
      if (status === VIDEO_READY) return setState({ phase: "saved" });
      if (status > VIDEO_READY) return setState({ phase: "failed", problem: "failed" });
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }, []);

  return { state, start };
}

const PROBLEM_KEYS: Record<VideoUploadProblem, string> = {
  unavailable: "video_upload:unavailable",
  failed: "video_upload:failed",
  too_big: "video_upload:too_big",
};

export function VideoUploadStatus({ state }: { state: VideoUploadState }) {
  const t = useT();
  if (state.phase === "idle") return null;
  if (state.phase === "uploading") {
    return <UploadProgress percent={state.percent} label={t("video_upload:uploading")} />;
  }
  if (state.phase === "failed") {
    return (
      <p role="alert" className="text-sm text-red-700">
        {t(PROBLEM_KEYS[state.problem])}
      </p>
    );
  }
  return (
    <p role="status" className="text-sm text-ink">
      {state.phase === "transcoding" ? t("video_upload:transcoding") : t("video_upload:saved")}
    </p>
  );
}

/** A comment's video: processing until status 3, then played (our stream or the host's player). */
export function CommentVideo({ videoId, status }: { videoId: number | null; status: number | null }) {
  if (videoId === null) return null;
  return (
    <div className="mt-2 max-w-xl">
      <VideoPlayer videoId={videoId} status={status ?? undefined} />
    </div>
  );
}
