// The product editor's form, for a new product and for an existing one: the kind (chosen once), title and address
// (/products/{slug}), description (markdown with a preview, rendered like lecture text), cover image, what the kind
// needs (a bundle's courses in order, a live event's date and link, a file product's file), the price (currency,
// VAT, up to three price variants, the promotional packages limit), the access length and the status.
// New: POST /home/products, then the product's editor; existing: PUT /home/products/{id}.
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import type { CourseOption } from "#core/products/list-course-options.ts";
import type { AdminProduct } from "#core/products/product-records.ts";
import { editableKinds, EVENT_LINK_MAX, MAX_VARIANTS, productSchema, productStatuses } from "#core/products/schemas.ts";
import { DESCRIPTION_MAX, TITLE_MAX } from "#core/catalog/authoring-schemas.ts";
import { currencies } from "#core/school/schemas.ts";
import type { Lang } from "#platform/i18n/index.ts";
import { ApiError, api, type FieldMessages } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { Button } from "#app/ui/button.tsx";
import { Field, FormAlert } from "#app/ui/field.tsx";
import { SelectField } from "#app/ui/select-field.tsx";
import { toast } from "#app/ui/toast.tsx";
import { MarkdownField } from "#app/features/authoring/markdown-field.tsx";
import { ImageUpload } from "#app/features/media/image-upload.tsx";
import { BundleCoursesField } from "./bundle-courses-field.tsx";
import { formErrors } from "./check-form.ts";
import { FormSection } from "./form-section.tsx";
import { type AccessMode, initialProductState, productBody, type ProductFormState } from "./form-state.ts";
import { ProductFileField } from "./product-file-field.tsx";
import { PromoLimitField } from "./promo-limit-field.tsx";
import { VariantsEditor } from "./variants-editor.tsx";

export function ProductForm({
  product,
  courses,
  lang,
  currency,
  onSaved,
}: {
  /** null: a new product */
  product: AdminProduct | null;
  courses: CourseOption[];
  lang: Lang;
  /** the school's currency, a new product's default */
  currency: string;
  onSaved?: (product: AdminProduct) => void;
}) {
  const t = useT();
  const navigate = useNavigate();
  const [state, setState] = useState<ProductFormState>(() =>
    initialProductState(product, { kind: "bundle", currency, lang }),
  );
  const [errors, setErrors] = useState<FieldMessages>({});
  const [message, setMessage] = useState<string>();
  const [pending, setPending] = useState(false);
  const set =
    <K extends keyof ProductFormState>(key: K) =>
    (value: ProductFormState[K]) =>
      setState((s) => ({ ...s, [key]: value }));
  const input = (key: keyof ProductFormState) => ({
    value: state[key] as string,
    onChange: (event: { target: { value: string } }) => set(key)(event.target.value as never),
  });

  async function saveCover(key: string | null) {
    set("cover_image")(key);
    if (!product) return;
    try {
      await api("PUT", `/home/products/${product.id}`, { cover_image: key });
      toast.success(t(key ? "products:cover_saved" : "products:cover_removed"));
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) setErrors({ cover_image: error.errors.cover_image ?? [error.message] });
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { body, moneyErrors } = productBody(state);
    const found = formErrors(t, productSchema, body, moneyErrors);
    setMessage(undefined);
    if (Object.keys(found).length) {
      setErrors(found);
      setMessage(t("validation:summary"));
      return;
    }
    setErrors({});
    setPending(true);
    try {
      if (product) {
        const saved = await api<{ product: AdminProduct }>("PUT", `/home/products/${product.id}`, body, { handled: [409] });
        setState(initialProductState(saved.product, { kind: state.kind, currency, lang }));
        toast.success(t("products:saved"));
        onSaved?.(saved.product);
      } else {
        const created = await api<{ product: AdminProduct }>("POST", "/home/products", body, { handled: [409] });
        toast.success(t("products:created"));
        await navigate(`/home/products/${created.product.id}`);
      }
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        setErrors(error.errors);
        setMessage(t("validation:summary"));
      } else if (error instanceof ApiError && error.status === 409) {
        setMessage(error.message);
      }
    } finally {
      setPending(false);
    }
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={t(product ? "products:edit_form" : "products:new_form")}
      className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-gray-200"
    >
      {message && (
        <div className="px-5 pt-5 sm:px-8 sm:pt-8">
          <FormAlert message={message} />
        </div>
      )}
      <FormSection title={t("products:section_basics")}>
        {!product && (
          <fieldset className="flex flex-col gap-2">
            <legend className="text-sm font-medium text-ink">{t("products:kind")}</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {editableKinds.map((kind) => (
                <label
                  key={kind}
                  className="flex cursor-pointer items-start gap-3 rounded-lg border border-gray-200 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
                >
                  <input
                    type="radio"
                    name="kind"
                    value={kind}
                    checked={state.kind === kind}
                    onChange={() => set("kind")(kind)}
                    className="mt-0.5 size-4 accent-brand-600"
                  />
                  <span className="flex flex-col">
                    <span className="text-sm font-semibold text-ink">{t(`products:kind_${kind}`)}</span>
                    <span className="text-xs text-muted">{t(`products:kind_${kind}_hint`)}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        )}
        <Field
          label={t("products:title")}
          name="title"
          required
          maxLength={TITLE_MAX}
          errors={errors.title}
          {...input("title")}
        />
        <Field
          label={t("products:slug")}
          name="slug"
          maxLength={200}
          hint={t("products:slug_hint", { path: `/products/${state.slug || "…"}` })}
          errors={errors.slug}
          autoCapitalize="none"
          spellCheck={false}
          {...input("slug")}
        />
        <MarkdownField
          label={t("products:description")}
          name="description"
          value={state.description}
          onChange={set("description")}
          maxLength={DESCRIPTION_MAX}
          errors={errors.description}
          rows={8}
        />
        <div className="flex flex-col gap-1">
          <ImageUpload
            context="product-cover"
            value={state.cover_image}
            onChange={(key) => void saveCover(key)}
            label={t("products:cover_image")}
          />
          {errors.cover_image?.length ? (
            <p className="text-sm text-red-700" data-field-error="cover_image">
              {errors.cover_image.join(" ")}
            </p>
          ) : null}
        </div>
      </FormSection>

      {state.kind !== "consultation" && (
        <FormSection title={t(`products:section_${state.kind}`)}>
          {state.kind === "bundle" && (
            <BundleCoursesField
              courses={courses}
              value={state.course_ids}
              onChange={set("course_ids")}
              errors={errors.course_ids}
            />
          )}
          {state.kind === "live_event" && (
            <>
              <Field
                label={t("products:event_starts_at")}
                name="event_starts_at"
                type="datetime-local"
                className="sm:max-w-xs"
                hint={t("products:event_starts_at_hint")}
                errors={errors.event_starts_at}
                {...input("event_starts_at")}
              />
              <Field
                label={t("products:event_link")}
                name="event_link"
                type="url"
                maxLength={EVENT_LINK_MAX}
                hint={t("products:event_link_hint")}
                errors={errors.event_link}
                autoCapitalize="none"
                spellCheck={false}
                {...input("event_link")}
              />
            </>
          )}
          {state.kind === "file" && (
            <ProductFileField value={state.file} onChange={set("file")} errors={errors.file_key} />
          )}
        </FormSection>
      )}

      <FormSection title={t("products:section_price")}>
        <div className="grid gap-4 sm:grid-cols-3">
          <SelectField
            label={t("products:currency")}
            name="currency"
            errors={errors.currency}
            options={currencies.map((value) => ({ value, label: value }))}
            {...input("currency")}
          />
          <Field
            label={t("products:vat_rate")}
            name="vat_rate"
            inputMode="numeric"
            errors={errors.vat_rate}
            {...input("vat_rate")}
          />
        </div>
        <VariantsEditor
          variants={state.variants}
          onChange={set("variants")}
          errors={errors}
          max={MAX_VARIANTS}
          min={1}
        />
        <PromoLimitField
          value={state.promo_limit}
          onChange={set("promo_limit")}
          errors={errors}
          sold={product ? product.promo_sold : null}
          limit={product ? product.promo_limit : null}
        />
      </FormSection>

      <FormSection title={t("products:section_access")}>
        <fieldset className="flex flex-col gap-3">
          <legend className="text-sm font-medium text-ink">{t("products:access_length")}</legend>
          {(["none", "days", "date"] as const satisfies AccessMode[]).map((mode) => (
            <label key={mode} className="flex min-h-6 items-center gap-2 text-sm text-ink">
              <input
                type="radio"
                name="access_mode"
                value={mode}
                checked={state.access_mode === mode}
                onChange={() => set("access_mode")(mode)}
                className="size-4 accent-brand-600"
              />
              {t(`products:access_mode_${mode}`)}
            </label>
          ))}
        </fieldset>
        {state.access_mode === "days" && (
          <Field
            label={t("products:access_days")}
            name="access_days"
            inputMode="numeric"
            className="sm:max-w-xs"
            hint={t("products:access_days_hint")}
            errors={errors.access_days}
            {...input("access_days")}
          />
        )}
        {state.access_mode === "date" && (
          <Field
            label={t("products:access_ends_at")}
            name="access_ends_at"
            type="date"
            className="sm:max-w-xs"
            errors={errors.access_ends_at}
            {...input("access_ends_at")}
          />
        )}
        <SelectField
          label={t("products:status")}
          name="status"
          className="sm:max-w-xs"
          hint={t("products:status_hint")}
          errors={errors.status}
          options={productStatuses.map((value) => ({ value, label: t(`products:status_${value}`) }))}
          {...input("status")}
        />
      </FormSection>

      <div className="border-t border-gray-200 bg-gray-50 px-5 py-4 sm:px-8">
        <Button type="submit" disabled={pending} className="w-full sm:w-auto">
          {t(product ? "products:save" : "products:create")}
        </Button>
      </div>
    </form>
  );
}
