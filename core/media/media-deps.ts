// What the media use-cases need, built once in server/services.ts and passed in. `videoHost` is Bunny Stream
// when configured; without it lecture videos use our own tus endpoint and storage.
import type { VideoHost } from "#core/ports/video-host.ts";
import type { Db } from "#platform/db/connection.ts";
import type { ResumableStore } from "#platform/storage/resumable.ts";
import type { Storage } from "#core/ports/storage.ts";

export type MediaDeps = { db: Db; storage: Storage; videoHost?: VideoHost | null };

/** `secret` signs and checks the upload headers of comments' videos on our own endpoint (comment-video.ts). */
export type VideoUploadDeps = MediaDeps & { resumable: ResumableStore; secret?: Buffer };

/** How long a signed upload address stays usable. */
export const UPLOAD_URL_SECONDS = 30 * 60;
