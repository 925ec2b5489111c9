// The title, address and description (markdown with a preview) of a page the school sells: a course (/{slug})
// or a product (/products/{slug}). `texts`: the editor's namespace; both have the same keys.
import { DESCRIPTION_MAX, TITLE_MAX } from "#core/catalog/authoring-schemas.ts";
import type { FieldMessages } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import type { InputProps } from "#app/lib/use-editor-form.ts";
import { Field } from "#app/ui/field.tsx";
import { MarkdownField } from "./markdown-field.tsx";

export function PageBasicsFields({
  texts,
  pathPrefix,
  title,
  slug,
  description,
  onDescriptionChange,
  descriptionRows,
  errors,
}: {
  texts: "products" | "authoring";
  /** the page's address before the slug */
  pathPrefix: string;
  title: InputProps;
  slug: InputProps;
  description: string;
  onDescriptionChange: (value: string) => void;
  descriptionRows: number;
  errors: FieldMessages;
}) {
  const t = useT();
  return (
    <>
      <Field label={t(`${texts}:title`)} name="title" required maxLength={TITLE_MAX} errors={errors.title} {...title} />
      <Field
        label={t(`${texts}:slug`)}
        name="slug"
        maxLength={200}
        hint={t(`${texts}:slug_hint`, { path: `${pathPrefix}${slug.value || "…"}` })}
        errors={errors.slug}
        autoCapitalize="none"
        spellCheck={false}
        {...slug}
      />
      <MarkdownField
        label={t(`${texts}:description`)}
        name="description"
        value={description}
        onChange={onDescriptionChange}
        maxLength={DESCRIPTION_MAX}
        errors={errors.description}
        rows={descriptionRows}
      />
    </>
  );
}
