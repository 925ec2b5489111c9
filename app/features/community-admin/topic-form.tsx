// The topic form (/home/community/new and /home/community/:topicId): the title, the description, whether students
// may write posts, public or restricted, and the products whose owners may read a restricted topic. Checked with
// the shared schema, then sent as JSON (POST to create, PUT to change); before hydration it is a plain form post
// to the same address, and a refusal comes back as ?error=.
import { useId, useState } from "react";
import { useNavigate } from "react-router";
import type { AdminTopic } from "#core/community/admin-topics.ts";
import type { TopicProductOption } from "#core/community/list-topic-product-options.ts";
import {
  TOPIC_DESCRIPTION_MAX,
  TOPIC_TITLE_MAX,
  productFieldName,
  topicFormBody,
  topicSchema,
  type TopicVisibility,
} from "#core/community/topic-schemas.ts";
import { useT } from "#app/lib/i18n.tsx";
import { useApiForm } from "#app/lib/use-api-form.ts";
import { CsrfField } from "#app/features/accounts/csrf-field.tsx";
import { TextareaField } from "#app/features/authoring/textarea-field.tsx";
import { Button } from "#app/ui/button.tsx";
import { Field, FormAlert } from "#app/ui/field.tsx";
import { SwitchField } from "#app/ui/switch-field.tsx";

export function TopicForm({
  topic,
  products,
  queryError,
}: {
  /** null: a new topic */
  topic: AdminTopic | null;
  products: TopicProductOption[];
  queryError?: string;
}) {
  const t = useT();
  const navigate = useNavigate();
  const visibilityId = useId();
  const productsId = useId();
  const [visibility, setVisibility] = useState<TopicVisibility>(topic?.visibility ?? "public");
  const url = topic ? `/home/community/${topic.id}` : "/home/community";
  const form = useApiForm<{ community_topic: AdminTopic }>({
    url,
    method: topic ? "PUT" : "POST",
    schema: topicSchema,
    toBody: (data) => topicFormBody(Object.fromEntries(data)) as Record<string, unknown>,
    onSuccess: (saved) =>
      void navigate(topic ? `/home/community/${saved.community_topic.id}?saved=1` : "/home/community?saved=1"),
  });
  const chosen = new Set(topic?.product_ids ?? []);
  const productErrors = form.errors.product_ids;
  return (
    <form
      method="post"
      action={url}
      onSubmit={form.onSubmit}
      noValidate
      aria-label={t(topic ? "community_admin:details" : "community_admin:new_topic")}
      className="flex flex-col gap-6 rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200 sm:p-8"
    >
      <CsrfField />
      <FormAlert message={form.message ?? queryError} />
      <Field
        label={t("community_admin:field_title")}
        name="title"
        required
        maxLength={TOPIC_TITLE_MAX}
        defaultValue={topic?.title ?? ""}
        hint={t("community_admin:field_title_hint", { max: TOPIC_TITLE_MAX })}
        errors={form.errors.title}
        autoComplete="off"
      />
      <TextareaField
        label={t("community_admin:field_description")}
        name="description"
        maxLength={TOPIC_DESCRIPTION_MAX}
        defaultValue={topic?.description ?? ""}
        hint={t("community_admin:field_description_hint", { max: TOPIC_DESCRIPTION_MAX })}
        errors={form.errors.description}
      />
      <SwitchField
        label={t("community_admin:field_allow_posts")}
        name="allow_students_to_add_posts"
        value="1"
        defaultChecked={topic ? topic.allow_students_to_add_posts === 1 : true}
        hint={t("community_admin:field_allow_posts_hint")}
      />
      <fieldset className="flex flex-col gap-3" aria-describedby={`${visibilityId}-hint`}>
        <legend className="text-sm font-medium text-ink">{t("community_admin:field_visibility")}</legend>
        <p id={`${visibilityId}-hint`} className="-mt-1 text-xs text-muted">
          {t("community_admin:field_visibility_hint")}
        </p>
        {(["public", "restricted"] as const).map((value) => (
          <label
            key={value}
            className="flex cursor-pointer items-start gap-3 rounded-md border border-gray-200 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
          >
            <input
              type="radio"
              name="visibility"
              value={value}
              checked={visibility === value}
              onChange={() => setVisibility(value)}
              className="mt-0.5 size-4 accent-brand-600"
            />
            <span className="flex flex-col">
              <span className="text-sm font-medium text-ink">{t(`community_admin:visibility_${value}`)}</span>
              <span className="text-xs text-muted">{t(`community_admin:visibility_${value}_hint`)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <fieldset
        className="flex flex-col gap-2"
        aria-describedby={productErrors?.length ? `${productsId}-error` : `${productsId}-hint`}
        data-testid="topic-products"
      >
        <legend className="text-sm font-medium text-ink">{t("community_admin:field_products")}</legend>
        <p id={`${productsId}-hint`} className="text-xs text-muted">
          {t(
            visibility === "restricted"
              ? "community_admin:field_products_hint"
              : "community_admin:field_products_hint_public",
          )}
        </p>
        {products.length === 0 ? (
          <p className="text-sm text-muted">{t("community_admin:no_products")}</p>
        ) : (
          <ul className="grid max-h-72 gap-1 overflow-y-auto rounded-md border border-gray-200 p-2 sm:grid-cols-2">
            {products.map((product) => (
              <li key={product.id}>
                <label className="flex min-h-10 cursor-pointer items-center gap-2 rounded px-2 py-1 text-sm hover:bg-gray-50">
                  <input
                    type="checkbox"
                    name={productFieldName(product.id)}
                    value="1"
                    defaultChecked={chosen.has(product.id)}
                    className="size-4 shrink-0 rounded border-gray-300 accent-brand-600"
                  />
                  <span className="min-w-0 break-words">
                    {product.title} <span className="text-xs text-muted">({t(`products:kind_${product.kind}`)})</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
        {productErrors?.length ? (
          <p id={`${productsId}-error`} className="text-sm text-red-700" data-field-error="product_ids">
            {productErrors.join(" ")}
          </p>
        ) : null}
      </fieldset>
      <Button type="submit" disabled={form.pending} className="self-start">
        {t(topic ? "save" : "community_admin:create")}
      </Button>
    </form>
  );
}
