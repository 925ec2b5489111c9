// The course's cover image, through the image upload box (app/features/media/image-upload.tsx: upload with
// progress, a preview at most 150 px high, Delete after a confirmation). A new or removed image is saved on
// the course at once (PUT {cover_image}), so the course never points at an image that was deleted.
import { useState } from "react";
import { ApiError, api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { ImageUpload } from "#app/features/media/image-upload.tsx";
import { toast } from "#app/ui/toast.tsx";

export function CoverImageField({
  courseId,
  value,
  onChange,
  errors,
}: {
  courseId: number;
  value: string | null;
  onChange: (key: string | null) => void;
  errors?: string[];
}) {
  const t = useT();
  const [saveErrors, setSaveErrors] = useState<string[]>();
  async function save(key: string | null) {
    setSaveErrors(undefined);
    onChange(key);
    try {
      await api("PUT", `/home/courses/${courseId}`, { cover_image: key });
      toast.success(t(key ? "authoring:cover_saved" : "authoring:cover_removed"));
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) setSaveErrors(error.errors.cover_image ?? [error.message]);
    }
  }
  const shown = saveErrors ?? errors;
  return (
    <div className="flex flex-col gap-1">
      <ImageUpload
        context="course-cover"
        value={value}
        onChange={(key) => void save(key)}
        label={t("authoring:cover_image")}
      />
      <p className="text-xs text-muted">{t("authoring:cover_image_hint")}</p>
      {shown?.length ? (
        <p className="text-sm text-red-700" data-field-error="cover_image">
          {shown.join(" ")}
        </p>
      ) : null}
    </div>
  );
}
