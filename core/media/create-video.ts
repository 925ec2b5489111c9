// POST .../lectures/{lectureId}/create-video {title?}: a videos row for the lecture (provider local,
// status 0) and where to send the file: our own tus endpoint (server/api/media-transfer.ts). The answer
// follows the spec's videoUpload shape (§3: endpoint, VideoId, title; Bunny Stream's signature fields are
// absent because the local endpoint authorises by the admin's session and CSRF token instead).
import { nowIso } from "#platform/db/connection.ts";
import { parseInput } from "../validation.ts";
import { findCourseLecture, type LecturePath } from "./find-course-lecture.ts";
import type { MediaDeps } from "./media-deps.ts";
import { createVideoSchema } from "./schemas.ts";

export const TUS_ENDPOINT = "/tus/videos";

export type VideoUploadTicket = {
  video_id: number;
  videoUpload: { endpoint: string; VideoId: string; title: string };
};

export async function createVideo(
  { db }: Pick<MediaDeps, "db">,
  options: { userId: number; path: LecturePath; input: unknown },
): Promise<VideoUploadTicket> {
  const { title } = parseInput(createVideoSchema, options.input);
  const lecture = await findCourseLecture(db, options.path);
  const now = nowIso();
  const videoTitle = title || lecture.title;
  const { id } = await db
    .insertInto("videos")
    .values({
      provider: "local",
      storage_key: null,
      external_id: null,
      title: videoTitle,
      status: 0,
      user_id: options.userId,
      lecture_id: lecture.id,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { video_id: id, videoUpload: { endpoint: TUS_ENDPOINT, VideoId: String(id), title: videoTitle } };
}
