// The post dialog (spec §2 "post creation dialog", §5): title (5-159 characters), text (at least 5), an optional
// YouTube or Vimeo link and an optional image. The button stays disabled until the title and text are valid. The
// image is compressed in the browser (quality 0.5, at least 0.4, at most 3000 x 2000); one still above 600000 bytes,
// or of another type than PNG, GIF or JPEG, is refused with a message that clears after 3 s. The same dialog edits
// a post (with the choice to remove its image). Sent as multipart to the JSON calls of §7. A new post may carry a
// hosted video file: sent with video_file_upload=1, the answer's videoUpload is where the comment form's uploader
// (app/features/discussion/comment-video.tsx) sends it; the dialog stays open showing progress, 'Transcoding' and
// 'Saved' (the post is already in the feed, its video processing until ready).
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { ImagePlus } from "lucide-react";
import {
  POST_BODY_MIN,
  POST_IMAGE_MAX_KB,
  POST_TITLE_MAX,
  POST_TITLE_MIN,
  postFormValid,
} from "#core/community/schemas.ts";
import type { PostView } from "#core/community/present.ts";
import { api, ApiError, type FieldMessages } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { TextArea } from "#app/features/transactions/text-area.tsx";
import { Button, buttonClass } from "#app/ui/button.tsx";
import { Dialog, DialogClose } from "#app/ui/dialog.tsx";
import { Checkbox, Field, FormAlert } from "#app/ui/field.tsx";
import type { CommentVideoUpload } from "#app/features/discussion/comment-video-upload.ts";
import { useVideoUpload, VideoAttachment, VideoUploadStatus } from "#app/features/discussion/comment-video.tsx";
import { compressPostImage, IMAGE_MESSAGE_MS, POST_IMAGE_ACCEPT, postImageProblem } from "./post-image-file.ts";

type Chosen = { blob: Blob; name: string; url: string };

export function PostDialog({
  trigger,
  target,
  asAdmin,
  onSaved,
}: {
  trigger: ReactNode;
  /** a new post in this topic, or the edit of this post */
  target: { topicId: number } | { post: PostView };
  /** an admin writes markdown (the hint says so) */
  asAdmin: boolean;
  onSaved: (post: PostView) => void;
}) {
  const t = useT();
  const editing = "post" in target ? target.post : null;
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState(editing?.title ?? "");
  const [body, setBody] = useState(editing?.body ?? "");
  const [video, setVideo] = useState(editing?.video ?? "");
  const [image, setImage] = useState<Chosen | null>(null);
  const [removeImage, setRemoveImage] = useState(false);
  const [removeVideo, setRemoveVideo] = useState(false);
  const [imageMessage, setImageMessage] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldMessages>({});
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const [videoFile, setVideoFile] = useState<File | null>(null);
  const videoUpload = useVideoUpload();
  const uploading = videoUpload.state.phase === "uploading";
  const imageInput = useId();
  const messageTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(messageTimer.current), []);
  useEffect(() => () => (image ? URL.revokeObjectURL(image.url) : undefined), [image]);

  function reset() {
    setTitle(editing?.title ?? "");
    setBody(editing?.body ?? "");
    setVideo(editing?.video ?? "");
    setImage(null);
    setRemoveImage(false);
    setRemoveVideo(false);
    setVideoFile(null);
    setErrors({});
    setProblem(undefined);
  }

  function showImageMessage(text: string) {
    setImageMessage(text);
    clearTimeout(messageTimer.current);
    messageTimer.current = setTimeout(() => setImageMessage(null), IMAGE_MESSAGE_MS);
  }

  async function choose(file: File | null) {
    if (!file) return;
    const early = postImageProblem({ type: file.type, size: 0 });
    if (early) return showImageMessage(t(early.key, early.values as Record<string, unknown>));
    const blob = await compressPostImage(file);
    const late = postImageProblem({ type: blob.type || file.type, size: blob.size });
    if (late) return showImageMessage(t(late.key, late.values as Record<string, unknown>));
    setImageMessage(null);
    setImage({ blob, name: file.name, url: URL.createObjectURL(blob) });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!postFormValid(title, body) || busy || uploading) return;
    const form = new FormData();
    form.set("title", title);
    form.set("body", body);
    form.set("video", video);
    if (!editing) form.set("file", "0");
    form.set("video_file_upload", videoFile ? "1" : "0");
    if (editing && removeVideo && !videoFile) form.set("video_file_delete", "1");
    if (removeImage) form.set("image_delete", "1");
    if (image) {
      const ext = image.blob.type === "image/png" ? "png" : image.blob.type === "image/gif" ? "gif" : "jpg";
      form.set("image", image.blob, `${image.name.replace(/\.[^.]+$/, "") || "image"}.${ext}`);
    }
    setBusy(true);
    setProblem(undefined);
    try {
      const url = editing
        ? `/json/community/posts/${editing.id}`
        : `/json/community/topics/${"topicId" in target ? target.topicId : 0}/post/create`;
      const attached = videoFile;
      const { post, videoUpload: uploadTo } = await api<{ post: PostView; videoUpload?: CommentVideoUpload }>(
        "POST",
        url,
        form,
      );
      onSaved(post);
      if (attached && uploadTo && post.video_id !== null) {
        // The post exists: its video goes up now, the dialog showing how it goes (a new post may follow).
        reset();
        void videoUpload.start(attached, uploadTo, post.video_id);
        return;
      }
      setOpen(false);
      if (!editing) reset();
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        setErrors(error.errors);
        if (error.errors.image?.[0]) showImageMessage(error.errors.image[0]);
        setProblem(t("validation:summary"));
      }
    } finally {
      setBusy(false);
    }
  }

  const valid = postFormValid(title, body);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) reset();
      }}
      trigger={trigger}
      title={editing ? t("community:edit_post_title") : t("community:new_post_title")}
      description={editing ? undefined : t("community:new_post_intro")}
      size="md"
    >
      <form className="mt-4 flex flex-col gap-4" onSubmit={submit} noValidate data-testid="post-form">
        <FormAlert message={problem} />
        <Field
          label={t("community:field_title")}
          name="title"
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          hint={t("community:field_title_hint", { min: POST_TITLE_MIN, max: POST_TITLE_MAX })}
          errors={errors.title}
          maxLength={POST_TITLE_MAX + 20}
          required
        />
        <TextArea
          label={t("community:field_body")}
          name="body"
          rows={6}
          value={body}
          onChange={(event) => setBody(event.target.value)}
          hint={t(asAdmin ? "community:field_body_hint_admin" : "community:field_body_hint", { min: POST_BODY_MIN })}
          errors={errors.body}
          required
        />
        <Field
          label={t("community:field_video")}
          name="video"
          type="url"
          inputMode="url"
          placeholder="https://www.youtube.com/watch?v=…"
          value={video}
          onChange={(event) => setVideo(event.target.value)}
          errors={errors.video}
        />
        <div className="flex flex-col gap-2">
          <span className="text-sm font-medium text-ink">{t("community:field_image")}</span>
          {image ? (
            <div className="flex flex-wrap items-start gap-3" data-testid="post-image-preview">
              <img
                src={image.url}
                alt={t("community:image_preview")}
                className="max-h-[150px] max-w-full rounded-md border border-gray-200 object-contain"
              />
              <Button variant="secondary" onClick={() => setImage(null)}>
                {t("community:remove_image")}
              </Button>
            </div>
          ) : (
            <div>
              <input
                id={imageInput}
                type="file"
                accept={POST_IMAGE_ACCEPT}
                className="peer sr-only"
                data-testid="post-image-input"
                onChange={(event) => {
                  void choose(event.target.files?.[0] ?? null);
                  event.target.value = "";
                }}
              />
              <label
                htmlFor={imageInput}
                className={buttonClass(
                  "secondary",
                  "cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600",
                )}
              >
                <ImagePlus aria-hidden className="size-4" />
                {t("community:attach_image")}
              </label>
            </div>
          )}
          <p className="text-xs text-muted">{t("community:image_hint", { max: POST_IMAGE_MAX_KB })}</p>
          {imageMessage && (
            <p role="alert" className="text-sm text-red-700" data-testid="post-image-message">
              {imageMessage}
            </p>
          )}
          {editing?.image && !image && (
            <Checkbox
              label={t("community:remove_image")}
              name="image_delete"
              checked={removeImage}
              onChange={(event) => setRemoveImage(event.target.checked)}
            />
          )}
        </div>
        <div className="flex flex-col gap-2" data-testid="post-video-file">
          <span className="text-sm font-medium text-ink">
            {t(editing?.video_id ? "community:field_video_file_replace" : "community:field_video_file")}
          </span>
          <VideoAttachment video={videoFile} offered disabled={busy || uploading} onChange={setVideoFile} />
          {editing?.video_id != null && !videoFile && (
            <Checkbox
              label={t("community:remove_video")}
              name="video_file_delete"
              checked={removeVideo}
              onChange={(event) => setRemoveVideo(event.target.checked)}
            />
          )}
        </div>
        <VideoUploadStatus state={videoUpload.state} />
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose>
            <Button variant="secondary">{t("community:cancel")}</Button>
          </DialogClose>
          <Button type="submit" disabled={!valid || busy || uploading}>
            {busy
              ? t(editing ? "community:saving" : "community:publishing")
              : t(editing ? "community:save" : "community:publish")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
