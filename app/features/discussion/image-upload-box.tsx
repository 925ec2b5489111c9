// The admin's reply image (§2 "Image upload box with preview (max height 150 px) and Delete button; delete
// confirmation dialog"): choose a picture, see it, delete it again after confirming. It is sent with the reply.
import { useId } from "react";
import { ImagePlus } from "lucide-react";
import { useT } from "#app/lib/i18n.tsx";
import { buttonClass } from "#app/ui/button.tsx";
import { Button } from "#app/ui/button.tsx";
import { ConfirmDialog } from "#app/ui/confirm-dialog.tsx";

export type ChosenImage = { file: File; url: string };

export const replyImageAccept = "image/png,image/jpeg,image/gif,image/webp";

export function ImageUploadBox({
  image,
  onChange,
}: {
  image: ChosenImage | null;
  onChange: (file: File | null) => void;
}) {
  const t = useT();
  const id = useId();
  if (!image) {
    return (
      <div>
        <input
          id={id}
          type="file"
          name="image"
          accept={replyImageAccept}
          className="peer sr-only"
          onChange={(event) => {
            onChange(event.target.files?.[0] ?? null);
            event.target.value = "";
          }}
        />
        <label
          htmlFor={id}
          className={buttonClass(
            "secondary",
            "cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600",
          )}
        >
          <ImagePlus aria-hidden className="size-4" />
          {t("discussion:attach_image")}
        </label>
      </div>
    );
  }
  return (
    <div className="flex flex-wrap items-start gap-3" data-testid="reply-image-preview">
      <img
        src={image.url}
        alt={t("discussion:image_preview")}
        className="max-h-[150px] max-w-full rounded-md border border-gray-200 object-contain"
      />
      <ConfirmDialog
        trigger={<Button variant="secondary">{t("discussion:delete_image")}</Button>}
        title={t("discussion:delete_image_title")}
        description={t("discussion:delete_image_text")}
        confirmLabel={t("discussion:delete")}
        cancelLabel={t("discussion:cancel")}
        onConfirm={() => onChange(null)}
      />
    </div>
  );
}
