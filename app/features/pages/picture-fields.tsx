// The builder's fields for the blocks made of pictures (carousel, before/after, gallery, testimonials): one image
// through the library upload box with its refusal below, and repeated items (added, removed, moved) in fieldsets.
// Used by block-form.tsx, which owns the settings and the errors ("settings.x" keys, as the 422 names them).
import type { ReactNode } from "react";
import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { useT } from "#app/lib/i18n.tsx";
import { Button } from "#app/ui/button.tsx";
import { Field, FormAlert } from "#app/ui/field.tsx";
import { ImageUpload } from "#app/features/media/image-upload.tsx";

type Errors = (field: string) => string[] | undefined;

/** One uploaded image (a storage key; empty: none yet) with its refusal below. */
export function ImageKeyField({
  label,
  field,
  value,
  onChange,
  errors,
  hint,
}: {
  label: string;
  field: string;
  value: string;
  onChange: (key: string) => void;
  errors: Errors;
  hint?: string;
}) {
  return (
    <div className="flex flex-col gap-1">
      <ImageUpload context="library" value={value || null} onChange={(key) => onChange(key ?? "")} label={label} />
      {hint && <p className="text-xs text-muted">{hint}</p>}
      {errors(field) && (
        <p className="text-sm text-red-700" data-field-error={`settings.${field}`}>
          {errors(field)!.join(" ")}
        </p>
      )}
    </div>
  );
}

/** Items one after the other, each in a fieldset with move and remove buttons, and a button adding one. */
export function RepeatedItems<Item>({
  field,
  items,
  onChange,
  empty,
  max,
  legend,
  addLabel,
  errors,
  children,
}: {
  /** the settings field holding the list ("slides", "images", "items") */
  field: string;
  items: Item[];
  onChange: (items: Item[]) => void;
  empty: Item;
  max: number;
  legend: (index: number) => string;
  addLabel: string;
  errors: Errors;
  children: (item: Item, index: number, set: (next: Partial<Item>) => void) => ReactNode;
}) {
  const t = useT();
  const move = (from: number, to: number) => {
    const next = [...items];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    onChange(next);
  };
  return (
    <>
      {items.map((item, index) => (
        <fieldset key={index} className="flex flex-col gap-3 rounded-lg border border-gray-200 p-3">
          <legend className="px-1 text-sm font-semibold">{legend(index)}</legend>
          {children(item, index, (next) =>
            onChange(items.map((current, i) => (i === index ? { ...current, ...next } : current))),
          )}
          <div className="flex flex-wrap gap-2">
            {index > 0 && (
              <Button variant="ghost" onClick={() => move(index, index - 1)}>
                <ArrowUp aria-hidden className="size-4" />
                {t("pages:item_up", { n: index + 1 })}
              </Button>
            )}
            {index < items.length - 1 && (
              <Button variant="ghost" onClick={() => move(index, index + 1)}>
                <ArrowDown aria-hidden className="size-4" />
                {t("pages:item_down", { n: index + 1 })}
              </Button>
            )}
            {items.length > 1 && (
              <Button
                variant="ghost"
                className="text-red-700"
                onClick={() => onChange(items.filter((_, i) => i !== index))}
              >
                <Trash2 aria-hidden className="size-4" />
                {t("pages:item_remove", { n: index + 1 })}
              </Button>
            )}
          </div>
        </fieldset>
      ))}
      {errors(field) && <FormAlert message={errors(field)!.join(" ")} />}
      {items.length < max && (
        <Button variant="secondary" className="self-start" onClick={() => onChange([...items, empty])}>
          <Plus aria-hidden className="size-4" />
          {addLabel}
        </Button>
      )}
    </>
  );
}

export type Picture = { image: string; alt: string; caption: string };

/** A carousel's slides or a gallery's images: each an upload, its text for screen readers and a caption. */
export function PictureList({
  field,
  pictures,
  onChange,
  max,
  errors,
}: {
  field: string;
  pictures: Picture[];
  onChange: (pictures: Picture[]) => void;
  max: number;
  errors: Errors;
}) {
  const t = useT();
  return (
    <RepeatedItems
      field={field}
      items={pictures}
      onChange={onChange}
      empty={{ image: "", alt: "", caption: "" }}
      max={max}
      legend={(index) => t("pages:picture_n", { n: index + 1 })}
      addLabel={t("pages:picture_add")}
      errors={errors}
    >
      {(picture, index, set) => (
        <>
          <ImageKeyField
            label={t("pages:image")}
            field={`${field}.${index}.image`}
            value={picture.image}
            onChange={(image) => set({ image })}
            errors={errors}
          />
          <Field
            label={t("pages:alt")}
            name={`${field}.${index}.alt`}
            value={picture.alt}
            onChange={(e) => set({ alt: e.target.value })}
            errors={errors(`${field}.${index}.alt`)}
            maxLength={300}
          />
          <Field
            label={t("pages:caption")}
            name={`${field}.${index}.caption`}
            value={picture.caption}
            onChange={(e) => set({ caption: e.target.value })}
            errors={errors(`${field}.${index}.caption`)}
            maxLength={300}
          />
        </>
      )}
    </RepeatedItems>
  );
}
