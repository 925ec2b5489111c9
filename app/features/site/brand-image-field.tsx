// The school's logo or favicon, through the image upload box (compressed in the browser, app/features/media).
// A new or removed image is saved at once (PUT /home/settings/images), as a course's cover is, so the school
// never points at an image that was deleted.
import { useState } from "react";
import { ApiError, api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { ImageUpload } from "#app/features/media/image-upload.tsx";
import { toast } from "#app/ui/toast.tsx";

export function BrandImageField({
  field,
  value: initial,
  label,
  hint,
}: {
  field: "logo" | "favicon";
  value: string | null;
  label: string;
  hint: string;
}) {
  const t = useT();
  const [value, setValue] = useState(initial);
  const [errors, setErrors] = useState<string[]>();
  async function save(key: string | null) {
    setErrors(undefined);
    setValue(key);
    try {
      await api("PUT", "/home/settings/images", { [field]: key });
      toast.success(t(key ? "site:image_saved" : "site:image_removed"));
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) setErrors(error.errors[field] ?? [error.message]);
    }
  }
  return (
    <div className="flex flex-col gap-1" data-brand-image={field}>
      <ImageUpload context={`school-${field}`} value={value} onChange={(key) => void save(key)} label={label} />
      <p className="text-xs text-muted">{hint}</p>
      {errors?.length ? (
        <p className="text-sm text-red-700" data-field-error={field}>
          {errors.join(" ")}
        </p>
      ) : null}
    </div>
  );
}
