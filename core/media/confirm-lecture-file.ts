// POST .../lectures/{lectureId}/confirm-file {path, filename}: after the browser's PUT was stored, creates
// the lecture's pdf or file component with fileData (core/catalog/component-data.ts) through the authoring
// use-case. Only the uploader's own, stored file of this lecture; confirming twice gives back the same
// component. After a PUT straight to a bucket (S3) the object is checked and stored first
// (complete-direct-upload.ts).
import type { ComponentData } from "../catalog/component-data.ts";
import { fileData } from "../catalog/component-data.ts";
import { AppError } from "../errors.ts";
import { parseInput } from "../validation.ts";
import type { AuthoredComponent } from "#core/catalog/authored.ts";
import { insertComponent } from "../catalog/create-component.ts";
import { completeDirectUpload } from "./complete-direct-upload.ts";
import type { Actor } from "../shared/actor.ts";
import { authorizeLectureMedia, findCourseLecture, type RawLecturePath } from "./find-course-lecture.ts";
import type { MediaDeps } from "./media-deps.ts";
import { confirmLectureFileSchema } from "./schemas.ts";
import { keyFromPath, keyOwner } from "./storage-keys.ts";

export async function confirmLectureFile(
  deps: MediaDeps,
  actor: Actor,
  options: { path: RawLecturePath; input: unknown },
): Promise<AuthoredComponent> {
  const { userId, path } = authorizeLectureMedia(actor, options.path);
  const { db } = deps;
  const input = parseInput(confirmLectureFileSchema, options.input);
  await findCourseLecture(db, path);
  const key = keyFromPath(input.path);
  const owner = keyOwner(key);
  const upload = await db
    .selectFrom("uploads")
    .select(["storage_key", "context", "content_type", "size", "status"])
    .where("storage_key", "=", key)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (
    !upload ||
    owner.kind !== "lecture" ||
    owner.lectureId !== path.lectureId ||
    (upload.context !== "lecture-pdf" && upload.context !== "lecture-file")
  ) {
    throw new AppError("not_found");
  }
  if (upload.status !== "stored") {
    if (deps.storage.uploadsArriveHere) throw new AppError("conflict", { messageKey: "media:not_uploaded_yet" });
    const stored = await completeDirectUpload(deps, { userId: userId, key });
    upload.size = stored.size;
  }
  const kind = upload.context === "lecture-pdf" ? "pdf" : "file";
  const data: ComponentData<"pdf"> = fileData.parse({
    storage_key: key,
    filename: input.filename,
    size: upload.size ?? 0,
    content_type: upload.content_type,
  });
  // The same file confirmed again (a double click, a retried call): the component it already made.
  const existing = await db
    .selectFrom("lecture_components")
    .select(["id", "lecture_id", "kind", "position", "data"])
    .where("lecture_id", "=", path.lectureId)
    .where("kind", "=", kind)
    .where("data", "like", `%${JSON.stringify(key).slice(1, -1)}%`)
    .execute();
  const same = existing.find((row) => (JSON.parse(row.data) as { storage_key?: string }).storage_key === key);
  if (same) return { ...same, data: JSON.parse(same.data) as unknown };
  return insertComponent(db, path, { kind, data });
}
