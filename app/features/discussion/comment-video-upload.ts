// The upload of a video attached to a comment (spec §3 videoUpload, §7, §8): after POST /comments answered
// {comment, videoUpload}, tus-js-client sends the file to videoUpload.endpoint with the signed headers,
// retrying after 0, 3, 5, 10 and 20 s on a network failure, a server error, 409 and 423, but not on another
// 4xx nor while the browser is offline. Then the video transcodes (status 0-2) until it is ready (3).
// - Bunny Stream: only Bunny's signed headers and metadata (filetype, title); our CSRF token never leaves the site.
// - Our own endpoint (a path on this site): the same signed headers, and the session's CSRF token and the video's
//   id in the metadata, as the lecture editor's upload (app/features/media/video-upload-target.ts).
import { MAX_VIDEO_BYTES, VIDEO_RETRY_DELAYS } from "#core/media/limits.ts";

export const VIDEO_READY = 3;

export type CommentVideoUpload = {
  endpoint: string;
  AuthorizationSignature: string;
  AuthorizationExpire: number;
  VideoId: string;
  LibraryId: string;
  title: string;
};

export type CommentVideoTarget = {
  endpoint: string;
  headers: Record<string, string>;
  metadata: Record<string, string>;
};

/** Our own endpoint is a path of this site; a video host's is an absolute address elsewhere. */
export function isOwnEndpoint(endpoint: string): boolean {
  return endpoint.startsWith("/") && !endpoint.startsWith("//");
}

export function commentVideoTarget(
  upload: CommentVideoUpload,
  file: { name: string; type: string },
  csrfToken: string,
): CommentVideoTarget {
  const signed = {
    AuthorizationSignature: upload.AuthorizationSignature,
    AuthorizationExpire: String(upload.AuthorizationExpire),
    VideoId: upload.VideoId,
    LibraryId: upload.LibraryId,
  };
  if (!isOwnEndpoint(upload.endpoint)) {
    return { endpoint: upload.endpoint, headers: signed, metadata: { filetype: file.type, title: upload.title } };
  }
  return {
    endpoint: upload.endpoint,
    headers: { ...signed, "X-CSRF-TOKEN": csrfToken, "X-Requested-With": "XMLHttpRequest" },
    metadata: { video_id: upload.VideoId, filename: file.name, filetype: file.type, title: upload.title },
  };
}

/**
 * §8: a resumable upload retries on network and server errors, 409 and 423; not on other 4xx, nor offline.
 * `status` is the failed request's HTTP status, null (or 0) when no answer came.
 */
export function shouldRetryVideoUpload(status: number | null, online: boolean): boolean {
  if (!online) return false;
  if (status === null || status === 0) return true;
  return status >= 500 || status === 409 || status === 423;
}

export type VideoUploadProblem = "unavailable" | "failed" | "too_big";

/** §8's message for a failed upload: 'File too big', 'Video upload is temporarily unavailable', 'Upload failed'. */
export function videoUploadProblem(status: number | null): VideoUploadProblem {
  if (status === 413) return "too_big";
  if (status === 503) return "unavailable";
  return "failed";
}

/** A file the server would refuse for its size, known before sending anything. */
export function videoTooBig(file: { size: number }): boolean {
  return file.size > MAX_VIDEO_BYTES;
}

type TusError = Error & { originalResponse?: { getStatus(): number } | null };

export class VideoUploadError extends Error {
  readonly problem: VideoUploadProblem;
  constructor(problem: VideoUploadProblem, cause?: unknown) {
    super(`video upload failed: ${problem}`, { cause });
    this.name = "VideoUploadError";
    this.problem = problem;
  }
}

const statusOf = (error: TusError) => error.originalResponse?.getStatus() ?? null;

/** The options given to tus-js-client's Upload (tests use them with the node build of the same client). */
export function tusOptions(
  target: CommentVideoTarget,
  callbacks: {
    onProgress: (percent: number) => void;
    onSuccess: () => void;
    onError: (error: VideoUploadError) => void;
    isOnline?: () => boolean;
  },
) {
  const isOnline = callbacks.isOnline ?? (() => typeof navigator === "undefined" || navigator.onLine !== false);
  return {
    endpoint: target.endpoint,
    headers: target.headers,
    metadata: target.metadata,
    retryDelays: [...VIDEO_RETRY_DELAYS],
    // Each upload is a new video: an unfinished one is not continued from another page load.
    storeFingerprintForResuming: false,
    onShouldRetry: (error: TusError) => shouldRetryVideoUpload(statusOf(error), isOnline()),
    onProgress: (sent: number, total: number) => callbacks.onProgress(total ? Math.floor((sent / total) * 100) : 0),
    onSuccess: () => callbacks.onSuccess(),
    onError: (error: TusError) => callbacks.onError(new VideoUploadError(videoUploadProblem(statusOf(error)), error)),
  };
}

/** Sends the file; resolves when every byte arrived, rejects with a VideoUploadError. `abort` stops it. */
export async function uploadCommentVideo(
  file: File,
  upload: CommentVideoUpload,
  options: { csrfToken: string; onProgress: (percent: number) => void; signal?: AbortSignal },
): Promise<void> {
  if (videoTooBig(file)) throw new VideoUploadError("too_big");
  const { Upload } = await import("tus-js-client");
  const target = commentVideoTarget(upload, file, options.csrfToken);
  await new Promise<void>((resolve, reject) => {
    const tus = new Upload(
      file,
      tusOptions(target, { onProgress: options.onProgress, onSuccess: resolve, onError: reject }),
    );
    options.signal?.addEventListener("abort", () => {
      void tus.abort();
      reject(new VideoUploadError("failed"));
    });
    tus.start();
  });
}
