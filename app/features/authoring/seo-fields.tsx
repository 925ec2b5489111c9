// The SEO title and description of a page (a course, an article) with live counts against the 70 / 150 character
// hints (§9). `texts`: the editor's namespace; each has seo_title, seo_description and seo_count.
import { useId } from "react";
import {
  SEO_DESCRIPTION_HINT,
  SEO_DESCRIPTION_MAX,
  SEO_TITLE_HINT,
  SEO_TITLE_MAX,
} from "#core/catalog/authoring-schemas.ts";
import type { FieldMessages } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import type { InputProps } from "#app/lib/use-editor-form.ts";
import { Field } from "#app/ui/field.tsx";
import { CharacterCount, TextareaField } from "./textarea-field.tsx";

export function SeoFields({
  texts,
  title,
  description,
  errors,
}: {
  texts: "authoring" | "articles";
  title: InputProps;
  description: InputProps;
  errors: FieldMessages;
}) {
  const t = useT();
  const titleCount = useId();
  const descriptionCount = useId();
  return (
    <>
      <div className="flex flex-col gap-1">
        <Field
          label={t(`${texts}:seo_title`)}
          name="seo_title"
          maxLength={SEO_TITLE_MAX}
          errors={errors.seo_title}
          {...(errors.seo_title ? {} : { "aria-describedby": titleCount })}
          {...title}
        />
        <CharacterCount
          id={titleCount}
          count={title.value.length}
          recommended={SEO_TITLE_HINT}
          text={t(`${texts}:seo_count`, { count: title.value.length, recommended: SEO_TITLE_HINT })}
        />
      </div>
      <div className="flex flex-col gap-1">
        <TextareaField
          label={t(`${texts}:seo_description`)}
          name="seo_description"
          rows={3}
          maxLength={SEO_DESCRIPTION_MAX}
          errors={errors.seo_description}
          {...(errors.seo_description ? {} : { "aria-describedby": descriptionCount })}
          {...description}
        />
        <CharacterCount
          id={descriptionCount}
          count={description.value.length}
          recommended={SEO_DESCRIPTION_HINT}
          text={t(`${texts}:seo_count`, { count: description.value.length, recommended: SEO_DESCRIPTION_HINT })}
        />
      </div>
    </>
  );
}
