// The lecture editor's media components (rendered by the authoring helper's components editor): each uploads
// its file and creates the component itself, then calls onSaved.
// - Video: POST .../create-video, then a resumable tus upload (tus-js-client) to the endpoint it answered
//   (ours, or Bunny Stream's with its signed headers: video-upload-target.ts), retried after 0, 3, 5, 10 and
//   20 s (spec §7), with a progress bar; our server adds the component when the last byte arrived, or, for a
//   hosted video, when the editor confirms the finished upload (the answer's `confirm`).
// - PDF and file: POST .../create-pdf or /create-file, the PUT to the signed address with progress, then
//   POST .../confirm-file {path, filename}, which creates the component.
import { useId, useState } from "react";
import { FileUp } from "lucide-react";
import { fileData, videoData } from "#core/catalog/component-data.ts";
import { extensionOf } from "#core/media/image-rules.ts";
import { MAX_LECTURE_FILE_BYTES, MAX_VIDEO_BYTES, VIDEO_RETRY_DELAYS } from "#core/media/limits.ts";
import { VIDEO_DURATION_MAX_SECONDS } from "#core/media/schemas.ts";
import { api, csrfToken } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { useRootData } from "#app/lib/root-data.ts";
import { buttonClass } from "#app/ui/button.tsx";
import { toast } from "#app/ui/toast.tsx";
import { fileUrl } from "./image-upload.tsx";
import { putFileWithRetries } from "./put-file.ts";
import { tusTarget, type VideoTicket } from "./video-upload-target.ts";
import { videoDuration } from "./video-duration.ts";
import { formatBytes, messageOfApiError, uploadCallOptions, uploadErrorMessage } from "./upload-errors.ts";
import { UploadProgress } from "./upload-progress.tsx";
import { VideoPlayer } from "./video-player.tsx";

export type MediaComponentEditorProps = {
  courseId: number;
  sectionId: number;
  lectureId: number;
  /** the component's data when it exists ({video_id} or fileData), or null for a new one */
  value: unknown | null;
  onSaved(): void;
};

function lectureBase({ courseId, sectionId, lectureId }: MediaComponentEditorProps): string {
  return `/home/courses/${courseId}/sections/${sectionId}/lectures/${lectureId}`;
}

/** A file input shown as a button, with its hint; calls onFile with the chosen file. */
function FilePicker({
  label,
  hint,
  accept,
  onFile,
}: {
  label: string;
  hint: string;
  accept?: string;
  onFile: (file: File) => void;
}) {
  const id = useId();
  const t = useT();
  return (
    <div className="flex flex-col items-start gap-1">
      <span className="text-sm font-medium text-ink" id={`${id}-label`}>
        {label}
      </span>
      <input
        id={`${id}-file`}
        type="file"
        accept={accept}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint`}
        className="peer sr-only"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (file) onFile(file);
        }}
      />
      <label
        htmlFor={`${id}-file`}
        className={buttonClass(
          "secondary",
          "cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600",
        )}
      >
        <FileUp aria-hidden className="size-4" />
        {t("media:upload")}
        <span className="sr-only">: {label}</span>
      </label>
      <p id={`${id}-hint`} className="text-xs text-muted">
        {hint}
      </p>
    </div>
  );
}

function ErrorLine({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="text-sm text-red-700">
      {message}
    </p>
  );
}

// ---------------------------------------------------------------------------------------------------------------

type TusError = Error & { originalResponse?: { getStatus(): number; getBody(): string } | null };

export function VideoComponentEditor(props: MediaComponentEditorProps) {
  const t = useT();
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const current = videoData.safeParse(props.value);

  async function upload(file: File) {
    setError(null);
    if (file.size > MAX_VIDEO_BYTES) {
      setError(t("media:file_too_big", { mb: MAX_VIDEO_BYTES / 1024 / 1024 }));
      return;
    }
    setPercent(0);
    try {
      const ticket = await api<VideoTicket>(
        "POST",
        `${lectureBase(props)}/create-video`,
        {
          title: file.name.replace(/\.[^.]+$/, "").slice(0, 200),
          duration_seconds: Math.min(await videoDuration(file), VIDEO_DURATION_MAX_SECONDS),
        },
        uploadCallOptions,
      );
      // Loaded only when a video is uploaded: the rest of the editor does not need it.
      const { Upload } = await import("tus-js-client");
      const target = tusTarget(ticket.videoUpload, file, csrfToken());
      await new Promise<void>((resolve, reject) => {
        const upload = new Upload(file, {
          endpoint: target.endpoint,
          retryDelays: [...VIDEO_RETRY_DELAYS],
          metadata: target.metadata,
          headers: target.headers,
          // Each upload is a new video; an earlier, unfinished one is not continued from another page load.
          storeFingerprintForResuming: false,
          onProgress: (sent, total) => setPercent(total > 0 ? Math.floor((sent / total) * 100) : 0),
          onSuccess: () => resolve(),
          onError: (failure) => reject(failure),
        });
        upload.start();
      });
      setPercent(100);
      if (ticket.confirm) await api("POST", ticket.confirm, { video_id: ticket.video_id }, uploadCallOptions);
      toast.success(t("media:saved"));
      props.onSaved();
    } catch (failure) {
      const response = (failure as TusError).originalResponse;
      if (response) {
        let message: string | null = null;
        try {
          message = (JSON.parse(response.getBody()) as { message?: string }).message ?? null;
        } catch {
          // not JSON
        }
        setError(uploadErrorMessage(t, response.getStatus(), message));
      } else {
        setError(messageOfApiError(t, failure));
      }
    } finally {
      setPercent(null);
    }
  }

  return (
    <div className="flex flex-col gap-3">
      {current.success && (
        <div className="flex flex-col gap-2">
          <span className="text-sm font-medium text-ink">{t("media:video_current")}</span>
          <VideoPlayer videoId={current.data.video_id} />
        </div>
      )}
      {percent !== null ? (
        <UploadProgress percent={percent} />
      ) : (
        !current.success && (
          <FilePicker
            label={t("media:video_label")}
            hint={t("media:video_hint")}
            accept="video/*"
            onFile={(file) => void upload(file)}
          />
        )
      )}
      <ErrorLine message={error} />
    </div>
  );
}

// ---------------------------------------------------------------------------------------------------------------

function FileComponentUpload({ kind, ...props }: MediaComponentEditorProps & { kind: "pdf" | "file" }) {
  const t = useT();
  const lang = useRootData()?.lang ?? "en";
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const current = fileData.safeParse(props.value);

  async function upload(file: File) {
    setError(null);
    if (kind === "pdf" && extensionOf(file.name) !== "pdf") {
      setError(t("media:bad_extension"));
      return;
    }
    if (file.size > MAX_LECTURE_FILE_BYTES) {
      setError(t("media:file_too_big", { mb: MAX_LECTURE_FILE_BYTES / 1024 / 1024 }));
      return;
    }
    const declared = /^[\w.+-]+\/[\w.+-]+$/.test(file.type) ? file.type : "";
    const contentType = kind === "pdf" ? "application/pdf" : declared || "application/octet-stream";
    setPercent(0);
    try {
      const base = lectureBase(props);
      const ticket = await api<{ upload: string; download: string }>(
        "POST",
        `${base}/create-${kind}`,
        { filename: file.name, content_type: kind === "pdf" ? "application/pdf" : declared },
        uploadCallOptions,
      );
      const result = await putFileWithRetries(ticket.upload, file, contentType, setPercent);
      if (result.status < 200 || result.status >= 300) {
        setError(uploadErrorMessage(t, result.status, result.message));
        return;
      }
      await api("POST", `${base}/confirm-file`, { path: ticket.download, filename: file.name }, uploadCallOptions);
      toast.success(t("media:saved"));
      props.onSaved();
    } catch (failure) {
      setError(messageOfApiError(t, failure));
    } finally {
      setPercent(null);
    }
  }

  return (
    <div className="flex flex-col gap-3">
      {current.success && (
        <p className="text-sm text-ink">
          <a
            href={fileUrl(current.data.storage_key)}
            className="font-semibold text-brand-700 underline underline-offset-4"
          >
            {t("media:current_file", { name: current.data.filename, size: formatBytes(current.data.size, lang) })}
          </a>
        </p>
      )}
      {percent !== null ? (
        <UploadProgress percent={percent} />
      ) : (
        !current.success && (
          <FilePicker
            label={t(kind === "pdf" ? "media:pdf_label" : "media:file_label")}
            hint={t(kind === "pdf" ? "media:pdf_hint" : "media:file_hint")}
            accept={kind === "pdf" ? ".pdf,application/pdf" : undefined}
            onFile={(file) => void upload(file)}
          />
        )
      )}
      <ErrorLine message={error} />
    </div>
  );
}

export function PdfComponentEditor(props: MediaComponentEditorProps) {
  return <FileComponentUpload kind="pdf" {...props} />;
}

export function FileComponentEditor(props: MediaComponentEditorProps) {
  return <FileComponentUpload kind="file" {...props} />;
}
