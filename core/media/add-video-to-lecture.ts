// A lecture video that finished uploading (our own tus endpoint, or the video host's confirm, webhook or re-check)
// becomes the lecture's video component, once, named after its file; and a lecture whose length was never entered
// takes the video's, as the browser read it from the file (rounded up to whole minutes). A length the admin
// entered is never overwritten.
import type { Db } from "#platform/db/connection.ts";
import type { AuthoredComponent } from "#core/catalog/authored.ts";
import { DURATION_MAX_MINUTES } from "../catalog/authoring-schemas.ts";
import { insertComponent } from "../catalog/create-component.ts";
import type { LecturePath } from "./find-course-lecture.ts";

export async function addVideoToLecture(db: Db, videoId: number, path: LecturePath): Promise<AuthoredComponent> {
  const video = await db
    .selectFrom("videos")
    .select(["title", "duration_seconds"])
    .where("id", "=", videoId)
    .executeTakeFirstOrThrow();
  await fillLectureDuration(db, path.lectureId, video.duration_seconds);
  const existing = await db
    .selectFrom("lecture_components")
    .select(["id", "lecture_id", "kind", "position", "data"])
    .where("lecture_id", "=", path.lectureId)
    .where("kind", "=", "video")
    .execute();
  const same = existing.find((row) => (JSON.parse(row.data) as { video_id?: number }).video_id === videoId);
  if (same) return { ...same, data: JSON.parse(same.data) as unknown };
  const title = video.title.slice(0, 200);
  return insertComponent(db, path, {
    kind: "video",
    data: title ? { video_id: videoId, title } : { video_id: videoId },
  });
}

async function fillLectureDuration(db: Db, lectureId: number, seconds: number): Promise<void> {
  if (!(seconds > 0)) return;
  const minutes = Math.min(DURATION_MAX_MINUTES, Math.max(1, Math.ceil(seconds / 60)));
  // The sales page and the catalog show lecture lengths: the write renews them (platform/cache/versions.ts).
  await db
    .updateTable("lectures")
    .set({ duration_minutes: minutes })
    .where("id", "=", lectureId)
    .where("duration_minutes", "=", 0)
    .execute();
}
