// The article editor's form, for a new article and an existing one: title and address (/articles/{slug}), the
// article in markdown (with a preview), the cover image (the image upload, 1280 × 800 hint), the author's name;
// the status, the publication date on the school's clock (a later one schedules it) and who may read it; the SEO
// title and description with their 70 / 150 character counts. New: POST /home/articles, then the article's
// editor; existing: PUT /home/articles/{id} (a new or removed cover is saved at once, as a course's is).
import type { FormEvent } from "react";
import { useNavigate } from "react-router";
import type { AdminArticle } from "#core/articles/article-records.ts";
import {
  ARTICLE_BODY_MAX,
  ARTICLE_TITLE_MAX,
  AUTHOR_NAME_MAX,
  articleSchema,
  articleStatuses,
  articleVisibilities,
} from "#core/articles/schemas.ts";
import { ApiError, api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { useEditorForm } from "#app/lib/use-editor-form.ts";
import { useTimeZone } from "#app/lib/root-data.ts";
import { ChoiceCards } from "#app/ui/choice-cards.tsx";
import { EditorForm } from "#app/ui/editor-form.tsx";
import { Field } from "#app/ui/field.tsx";
import { FormSection } from "#app/ui/form-section.tsx";
import { SelectField } from "#app/ui/select-field.tsx";
import { toast } from "#app/ui/toast.tsx";
import { MarkdownField } from "#app/features/authoring/markdown-field.tsx";
import { SeoFields } from "#app/features/authoring/seo-fields.tsx";
import { ImageUpload } from "#app/features/media/image-upload.tsx";
import { articleBody, initialArticleState } from "./form-state.ts";

export function ArticleForm({
  article,
  authorName,
  onSaved,
}: {
  /** null: a new article */
  article: AdminArticle | null;
  /** a new article's author: the admin writing it */
  authorName: string;
  onSaved?: (article: AdminArticle) => void;
}) {
  const t = useT();
  const navigate = useNavigate();
  const timeZone = useTimeZone();
  const { state, setState, set, input, errors, setErrors, message, pending, submit } = useEditorForm(() =>
    initialArticleState(article, { authorName, timeZone }),
  );

  async function saveCover(key: string | null) {
    set("cover_image")(key);
    if (!article) return;
    try {
      await api("PUT", `/home/articles/${article.id}`, { cover_image: key });
      toast.success(t(key ? "articles:cover_saved" : "articles:cover_removed"));
    } catch (error) {
      if (error instanceof ApiError && error.status === 422)
        setErrors({ cover_image: error.errors.cover_image ?? [error.message] });
    }
  }

  function save(event: FormEvent<HTMLFormElement>) {
    const body = articleBody(state, timeZone);
    return submit(event, {
      body,
      moneyErrors: {},
      schema: articleSchema,
      send: async () => {
        if (article) {
          const saved = await api<{ article: AdminArticle }>("PUT", `/home/articles/${article.id}`, body);
          setState(initialArticleState(saved.article, { authorName, timeZone }));
          toast.success(t("articles:saved"));
          onSaved?.(saved.article);
        } else {
          const created = await api<{ article: AdminArticle }>("POST", "/home/articles", body);
          toast.success(t("articles:created"));
          await navigate(`/home/articles/${created.article.id}`);
        }
      },
    });
  }

  return (
    <EditorForm
      label={t(article ? "articles:edit_form" : "articles:new_form")}
      onSubmit={save}
      message={message}
      pending={pending}
      submitLabel={t(article ? "articles:save" : "articles:create")}
    >
      <FormSection title={t("articles:section_content")}>
        <Field
          label={t("articles:title")}
          name="title"
          required
          maxLength={ARTICLE_TITLE_MAX}
          errors={errors.title}
          {...input("title")}
        />
        <Field
          label={t("articles:slug")}
          name="slug"
          maxLength={200}
          hint={t("articles:slug_hint", { path: `/articles/${state.slug || "…"}` })}
          errors={errors.slug}
          autoCapitalize="none"
          spellCheck={false}
          {...input("slug")}
        />
        <MarkdownField
          label={t("articles:body")}
          name="body"
          value={state.body}
          onChange={set("body")}
          maxLength={ARTICLE_BODY_MAX}
          errors={errors.body}
          rows={16}
        />
        <div className="flex flex-col gap-1">
          <ImageUpload
            context="article-cover"
            value={state.cover_image}
            onChange={(key) => void saveCover(key)}
            label={t("articles:cover_image")}
          />
          <p className="text-xs text-muted">{t("articles:cover_image_hint")}</p>
          {errors.cover_image?.length ? (
            <p className="text-sm text-red-700" data-field-error="cover_image">
              {errors.cover_image.join(" ")}
            </p>
          ) : null}
        </div>
        <Field
          label={t("articles:author_name")}
          name="author_name"
          maxLength={AUTHOR_NAME_MAX}
          hint={t("articles:author_name_hint")}
          errors={errors.author_name}
          {...input("author_name")}
        />
      </FormSection>

      <FormSection title={t("articles:section_publishing")}>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label={t("articles:status")}
            name="status"
            hint={t("articles:status_hint")}
            errors={errors.status}
            options={articleStatuses.map((value) => ({ value, label: t(`articles:status_${value}`) }))}
            {...input("status")}
          />
          <Field
            label={t("articles:published_at", { zone: timeZone.replaceAll("_", " ") })}
            name="published_at"
            type="datetime-local"
            hint={t("articles:published_at_hint")}
            errors={errors.published_at}
            {...input("published_at")}
          />
        </div>
        <ChoiceCards
          legend={t("articles:visibility")}
          name="visibility"
          value={state.visibility}
          onChange={set("visibility")}
          gridClassName="sm:grid-cols-3"
          options={articleVisibilities.map((value) => ({
            value,
            label: t(`articles:visibility_${value}`),
            hint: t(`articles:visibility_${value}_hint`),
          }))}
        />
      </FormSection>

      <FormSection title={t("articles:section_seo")}>
        <p className="-mt-2 text-sm text-muted">{t("articles:seo_hint")}</p>
        <SeoFields texts="articles" title={input("seo_title")} description={input("seo_description")} errors={errors} />
      </FormSection>
    </EditorForm>
  );
}
