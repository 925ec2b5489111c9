// POST .../lectures/{lectureId}/create-video {title?}: a videos row for the lecture (status 0) and where to
// send the file, in the spec's videoUpload shape (§3). By default our own tus endpoint
// (server/api/media-transfer.ts; provider local): endpoint, VideoId, title, without Bunny Stream's signature
// fields, because the local endpoint authorises by the admin's session and CSRF token instead. With a video
// host configured (Bunny Stream) the video is created there and the answer carries its signed headers
// (hosted-video.ts).
import { nowIso } from "#platform/db/connection.ts";
import { parseInput } from "../validation.ts";
import type { Actor } from "../shared/actor.ts";
import { authorizeLectureMedia, findCourseLecture, type RawLecturePath } from "./find-course-lecture.ts";
import { createHostedVideo, type HostedVideoTicket } from "./hosted-video.ts";
import type { MediaDeps } from "./media-deps.ts";
import { createVideoSchema } from "./schemas.ts";

export const TUS_ENDPOINT = "/tus/videos";

export type VideoUploadTicket = {
  video_id: number;
  videoUpload: { endpoint: string; VideoId: string; title: string };
};

export async function createVideo(
  { db, videoHost }: Pick<MediaDeps, "db" | "videoHost">,
  actor: Actor,
  options: { path: RawLecturePath; input: unknown },
): Promise<VideoUploadTicket | HostedVideoTicket> {
  const { userId, path } = authorizeLectureMedia(actor, options.path);
  const { title, duration_seconds } = parseInput(createVideoSchema, options.input);
  const durationSeconds = Math.round(duration_seconds);
  const lecture = await findCourseLecture(db, path);
  const now = nowIso();
  const videoTitle = title || lecture.title;
  if (videoHost) {
    return createHostedVideo(
      { db, videoHost },
      { userId, path, lectureId: lecture.id, title: videoTitle, durationSeconds },
    );
  }
  const { id } = await db
    .insertInto("videos")
    .values({
      provider: "local",
      storage_key: null,
      external_id: null,
      title: videoTitle,
      duration_seconds: durationSeconds,
      status: 0,
      user_id: userId,
      lecture_id: lecture.id,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { video_id: id, videoUpload: { endpoint: TUS_ENDPOINT, VideoId: String(id), title: videoTitle } };
}
