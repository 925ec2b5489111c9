// The image upload box (spec §2, §3, §4, §5, §8): choose a file, the extension is checked here first
// ('Bad file extension'), a large JPEG, PNG or WebP is scaled down to the context's size hint (spec §9),
// POST /home/images/create gives the signed address, the file is PUT there with its content type (no
// session headers) while a progress bar runs (and confirmed when the PUT went to a bucket: send-image.ts),
// then the stored image is previewed (at most 150 px high) with a Delete button; after a confirmation POST /home/images/delete, and the preview goes only
// when the server answered true. 419: 'Your session has expired - please reload'; anything else 'Something
// went wrong' (or the server's own reason for refusing the file: too big, not what its name says).
import { useId, useState } from "react";
import { ImagePlus, Trash2 } from "lucide-react";
import { extensionOf, imageAccept, imageContentTypeFor } from "#core/media/image-rules.ts";
import { MAX_IMAGE_BYTES } from "#core/media/limits.ts";
import { api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { Button, buttonClass } from "#app/ui/button.tsx";
import { ConfirmDialog } from "#app/ui/confirm-dialog.tsx";
import { compressImage, isCompressible } from "./image-compression.ts";
import { putFileWithRetries } from "./put-file.ts";
import { sendImage } from "./send-image.ts";
import { UploadProgress } from "./upload-progress.tsx";
import { messageOfApiError, uploadCallOptions, uploadErrorMessage } from "./upload-errors.ts";

export type ImageUploadProps = {
  /** where the image is used ('course-cover', 'reply', ...): sent with create and delete */
  context: string;
  /** the stored image's key (as `download` answered), or null */
  value: string | null;
  onChange(key: string | null): void;
  label: string;
};

/** The address a stored key is served at. */
export function fileUrl(key: string): string {
  return `/files/${key.split("/").map(encodeURIComponent).join("/")}`;
}

export function ImageUpload({ context, value, onChange, label }: ImageUploadProps) {
  const t = useT();
  const id = useId();
  const [percent, setPercent] = useState<number | "preparing" | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function upload(file: File) {
    setError(null);
    const extension = extensionOf(file.name);
    const contentType = imageContentTypeFor(extension);
    if (!contentType) {
      setError(t("media:bad_extension"));
      return;
    }
    const tooBig = t("media:file_too_big", { mb: MAX_IMAGE_BYTES / 1024 / 1024 });
    // A large photo may fit once scaled down; anything else over the cap is refused here.
    if (file.size > MAX_IMAGE_BYTES && !isCompressible(contentType)) {
      setError(tooBig);
      return;
    }
    try {
      const result = await sendImage(
        {
          post: (path, body) => api("POST", path, body, uploadCallOptions),
          put: putFileWithRetries,
          compress: compressImage,
        },
        {
          file,
          filename: file.name,
          extension,
          contentType,
          context,
          onPreparing: () => setPercent("preparing"),
          onProgress: setPercent,
        },
      );
      if (result.ok) onChange(result.download);
      else
        setError(
          result.status === 413 && !result.message ? tooBig : uploadErrorMessage(t, result.status, result.message),
        );
    } catch (failure) {
      setError(messageOfApiError(t, failure));
    } finally {
      setPercent(null);
    }
  }

  async function remove() {
    if (!value) return;
    setError(null);
    try {
      const answer = await api<unknown>("POST", "/home/images/delete", { path: value, context }, uploadCallOptions);
      if (answer === true) onChange(null);
      else setError(t("media:something_went_wrong"));
    } catch (failure) {
      setError(messageOfApiError(t, failure));
    }
  }

  return (
    <div role="group" aria-labelledby={`${id}-label`} className="flex flex-col gap-2">
      <span id={`${id}-label`} className="text-sm font-medium text-ink">
        {label}
      </span>
      {value ? (
        <div className="flex flex-col items-start gap-2">
          <img
            src={fileUrl(value)}
            alt={t("media:preview_alt", { label })}
            className="max-h-[150px] w-auto max-w-full rounded-md object-contain ring-1 ring-gray-200"
          />
          <ConfirmDialog
            title={t("media:delete_title")}
            description={t("media:delete_text")}
            confirmLabel={t("media:delete_confirm")}
            busyLabel={t("media:deleting")}
            onConfirm={remove}
            trigger={
              <Button variant="secondary">
                <Trash2 aria-hidden className="size-4" />
                {t("media:delete")}
              </Button>
            }
          />
        </div>
      ) : percent !== null ? (
        <UploadProgress
          percent={percent === "preparing" ? 0 : percent}
          label={percent === "preparing" ? t("media:preparing_image") : undefined}
        />
      ) : (
        <div className="flex flex-col items-start gap-1">
          <input
            id={`${id}-file`}
            type="file"
            accept={imageAccept}
            aria-describedby={`${id}-hint`}
            className="peer sr-only"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = "";
              if (file) void upload(file);
            }}
          />
          <label
            htmlFor={`${id}-file`}
            className={buttonClass(
              "secondary",
              "cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600",
            )}
          >
            <ImagePlus aria-hidden className="size-4" />
            {t("media:choose_image")}
            <span className="sr-only">: {label}</span>
          </label>
          <p id={`${id}-hint`} className="text-xs text-muted">
            {t("media:image_hint")}
          </p>
        </div>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
