// Lecture videos on a video host (Bunny Stream, when configured; integrations/video/): the video is created
// at the host, the browser's tus client uploads straight to it with the signed headers of the spec's
// videoUpload, and our videos row (provider 'bunny', external_id the host's id) follows the host's status in
// the spec's terms (3 ready, 0/1/2 processing, 5 failed) from three sources:
// - confirm-video, called by the editor when its upload finished: re-checks at the host (GET video object)
//   and adds the lecture's video component (the one place that adds it; repeated calls find it);
// - the host's webhook (verified signature; CSRF-exempt; raw body): the webhook's own status mapping;
// - recheckHostedVideos, from the periodic maintenance: videos still processing long after their last change
//   (a lost webhook) are re-checked; never-uploaded ones are deleted at the host after a day.
// A status never moves back from ready to processing (webhooks arrive in any order).
import type { VideoHost } from "#core/ports/video-host.ts";
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import type { AuthoredComponent } from "#core/catalog/authored.ts";
import { AppError } from "../errors.ts";
import { parseInput } from "../validation.ts";
import { addVideoToLecture } from "./add-video-to-lecture.ts";
import type { Actor } from "../shared/actor.ts";
import {
  authorizeLectureMedia,
  findCourseLecture,
  type LecturePath,
  type RawLecturePath,
} from "./find-course-lecture.ts";
import { ABANDONED_UPLOAD_MS } from "./limits.ts";
import type { MediaDeps } from "./media-deps.ts";
import { confirmVideoSchema } from "./schemas.ts";
import { VIDEO_FAILED, VIDEO_READY } from "./video-upload.ts";

/** How long a video may stay processing without news before the host is asked. */
export const RECHECK_AFTER_MS = 10 * 60 * 1000;
const RECHECK_BATCH = 50;

type HostedRow = { id: number; status: number; external_id: string | null; lecture_id: number | null };

/** Sets a new status unless it is no change, or a step back from ready. True when it changed. */
export async function applyStatus(db: Db, video: HostedRow, next: number | null): Promise<boolean> {
  if (next === null || next === video.status) return false;
  if (video.status === VIDEO_READY && next < VIDEO_READY) return false;
  const result = await db
    .updateTable("videos")
    .set({ status: next, updated_at: nowIso() })
    .where("id", "=", video.id)
    .where("status", "=", video.status)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

async function lecturePathOf(db: Db, lectureId: number): Promise<LecturePath | undefined> {
  return db
    .selectFrom("lectures")
    .innerJoin("course_sections", "course_sections.id", "lectures.section_id")
    .select(["lectures.id as lectureId", "course_sections.id as sectionId", "course_sections.course_id as courseId"])
    .where("lectures.id", "=", lectureId)
    .executeTakeFirst();
}

function hostOf(deps: Pick<MediaDeps, "videoHost">): VideoHost {
  if (!deps.videoHost) throw new AppError("not_found");
  return deps.videoHost;
}

/** A host call that failed: 503 'Video upload is temporarily unavailable' (spec §8). */
function unavailable(error: unknown): never {
  if (error instanceof Error && error.name === "VideoHostError") {
    throw new AppError("unavailable", { messageKey: "media:video_upload_unavailable" });
  }
  throw error;
}

export type HostedVideoTicket = {
  video_id: number;
  videoUpload: {
    endpoint: string;
    AuthorizationSignature: string;
    AuthorizationExpire: number;
    VideoId: string;
    LibraryId: string;
    title: string;
  };
  /** where the editor reports the finished upload */
  confirm: string;
};

/** create-video with a host: the video at the host, our row, and the spec's videoUpload. */
export async function createHostedVideo(
  { db, videoHost }: Pick<MediaDeps, "db" | "videoHost">,
  options: { userId: number; path: LecturePath; lectureId: number; title: string; durationSeconds: number },
): Promise<HostedVideoTicket> {
  const host = hostOf({ videoHost });
  const created = await host.createVideo(options.title).catch(unavailable);
  const now = nowIso();
  const { id } = await db
    .insertInto("videos")
    .values({
      provider: host.provider,
      storage_key: null,
      external_id: created.id,
      title: options.title,
      duration_seconds: options.durationSeconds,
      status: 0,
      user_id: options.userId,
      lecture_id: options.lectureId,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const { courseId, sectionId, lectureId } = options.path;
  return {
    video_id: id,
    videoUpload: { ...host.uploadAuthorization(created.id), title: options.title },
    confirm: `/home/courses/${courseId}/sections/${sectionId}/lectures/${lectureId}/confirm-video`,
  };
}

/** POST .../confirm-video {video_id}: the upload finished; the host is asked and the component added. */
export async function confirmHostedVideo(
  deps: Pick<MediaDeps, "db" | "videoHost">,
  actor: Actor,
  options: { path: RawLecturePath; input: unknown },
): Promise<{ component: AuthoredComponent; status: number }> {
  const { userId, path } = authorizeLectureMedia(actor, options.path);
  const { db } = deps;
  const host = hostOf(deps);
  const { video_id } = parseInput(confirmVideoSchema, options.input);
  await findCourseLecture(db, path);
  const video = await db
    .selectFrom("videos")
    .select(["id", "status", "external_id", "lecture_id"])
    .where("id", "=", video_id)
    .where("user_id", "=", userId)
    .where("provider", "=", host.provider)
    .where("lecture_id", "=", path.lectureId)
    .executeTakeFirst();
  if (!video?.external_id) throw new AppError("not_found");
  const current = await host.getVideo(video.external_id).catch(unavailable);
  if (!current) throw new AppError("not_found");
  // The host's "created": nothing arrived yet.
  if (current.vendorStatus === 0 && video.status === 0)
    throw new AppError("conflict", { messageKey: "media:not_uploaded_yet" });
  await applyStatus(db, video, current.status);
  const component = await addVideoToLecture(db, video.id, path);
  const after = await db.selectFrom("videos").select("status").where("id", "=", video.id).executeTakeFirstOrThrow();
  return { component, status: after.status };
}

export type WebhookOutcome = "updated" | "unchanged" | "ignored";

/** POST /webhooks/bunny: a forged notification is 401; one about a video we do not know is ignored. */
export async function handleHostedVideoWebhook(
  deps: Pick<MediaDeps, "db" | "videoHost">,
  options: { rawBody: Buffer; headers: Record<string, string | string[] | undefined> },
): Promise<WebhookOutcome> {
  const host = hostOf(deps);
  const event = host.verifyWebhook(options.rawBody, options.headers);
  if (event === "forged") throw new AppError("unauthenticated", { messageKey: "media:webhook_signature" });
  if (event === "ignored") return "ignored";
  const video = await deps.db
    .selectFrom("videos")
    .select(["id", "status", "external_id", "lecture_id"])
    .where("provider", "=", host.provider)
    .where("external_id", "=", event.videoId)
    .executeTakeFirst();
  if (!video) return "ignored";
  return (await applyStatus(deps.db, video, event.status)) ? "updated" : "unchanged";
}

/**
 * Videos at the host still processing RECHECK_AFTER_MS after their last change: asked again (the GET video
 * object's mapping), and given their lecture component when the editor never confirmed; ones never uploaded
 * a day after they were created are deleted at the host and marked failed. Returns how many were asked.
 */
export async function recheckHostedVideos(
  deps: Pick<MediaDeps, "db" | "videoHost">,
  options: { now?: Date } = {},
): Promise<number> {
  const { db, videoHost: host } = deps;
  if (!host) return 0;
  const now = options.now ?? new Date();
  const stale = await db
    .selectFrom("videos")
    .select(["id", "status", "external_id", "lecture_id", "created_at"])
    .where("provider", "=", host.provider)
    .where("status", "<", VIDEO_READY)
    .where("updated_at", "<", new Date(now.getTime() - RECHECK_AFTER_MS).toISOString())
    .orderBy("updated_at")
    .limit(RECHECK_BATCH)
    .execute();
  const abandonedBefore = new Date(now.getTime() - ABANDONED_UPLOAD_MS).toISOString();
  for (const video of stale) {
    if (!video.external_id) continue;
    const current = await host.getVideo(video.external_id);
    const neverUploaded = !current || current.vendorStatus === 0;
    if (neverUploaded && video.created_at < abandonedBefore) {
      if (current) await host.deleteVideo(video.external_id);
      await applyStatus(db, video, VIDEO_FAILED);
      continue;
    }
    if (!current) continue;
    await applyStatus(db, video, current.status);
    if (!neverUploaded && current.status !== VIDEO_FAILED && video.lecture_id !== null) {
      const path = await lecturePathOf(db, video.lecture_id);
      if (path) await addVideoToLecture(db, video.id, path);
    }
    // Still processing: asked again after the next interval, not at every run.
    await db.updateTable("videos").set({ updated_at: now.toISOString() }).where("id", "=", video.id).execute();
  }
  return stale.length;
}
