// A component may only point at media that exist here: a video of the videos table that is not another
// lecture's (the stream's access follows its lecture), or a stored upload for PDFs and files (whose size and
// type are taken from the upload, not from the caller). Returns the data to save.
import type { Db } from "#platform/db/connection.ts";
import { fieldError } from "../errors.ts";
import type { ComponentData, ComponentKind } from "./component-data.ts";

export async function checkComponentReferences<K extends ComponentKind>(
  db: Db,
  kind: K,
  data: ComponentData<K>,
  lectureId: number,
): Promise<ComponentData<K>> {
  if (kind === "video") {
    const { video_id } = data as ComponentData<"video">;
    const video = await db
      .selectFrom("videos")
      .select(["id", "lecture_id"])
      .where("id", "=", video_id)
      .executeTakeFirst();
    if (!video || (video.lecture_id !== null && video.lecture_id !== lectureId))
      throw fieldError("data.video_id", "validation:in");
    if (video.lecture_id === null)
      await db.updateTable("videos").set({ lecture_id: lectureId }).where("id", "=", video_id).execute();
    return data;
  }
  if (kind === "pdf" || kind === "file") {
    const file = data as ComponentData<"file">;
    const upload = await db
      .selectFrom("uploads")
      .select(["content_type", "size"])
      .where("storage_key", "=", file.storage_key)
      .where("status", "=", "stored")
      .executeTakeFirst();
    if (!upload) throw fieldError("data.storage_key", "authoring:file_not_uploaded");
    return { ...file, content_type: upload.content_type, size: upload.size ?? file.size } as ComponentData<K>;
  }
  return data;
}
