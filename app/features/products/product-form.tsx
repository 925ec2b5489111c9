// The product editor's form, for a new product and for an existing one: the kind (chosen once), title and address
// (/products/{slug}), description (markdown with a preview, rendered like lecture text), cover image, what the kind
// needs (a bundle's courses in order, a live event's date and link, a file product's file), the price (currency,
// VAT, up to three price variants, the promotional packages limit), the access length and the status.
// New: POST /home/products, then the product's editor; existing: PUT /home/products/{id}.
import type { FormEvent } from "react";
import { useNavigate } from "react-router";
import type { CourseOption } from "#core/products/list-course-options.ts";
import type { AdminProduct } from "#core/products/product-records.ts";
import { editableKinds, EVENT_LINK_MAX, MAX_VARIANTS, productSchema, productStatuses } from "#core/products/schemas.ts";
import type { Lang } from "#platform/i18n/index.ts";
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
import { PageBasicsFields } from "#app/features/authoring/page-basics-fields.tsx";
import { ImageUpload } from "#app/features/media/image-upload.tsx";
import { AccessLengthFields } from "#app/features/pricing/access-length-fields.tsx";
import { CurrencyVatFields } from "#app/features/pricing/currency-vat-fields.tsx";
import { BundleCoursesField } from "./bundle-courses-field.tsx";
import { initialProductState, productBody } from "./form-state.ts";
import { ProductFileField } from "./product-file-field.tsx";
import { PromoLimitField } from "./promo-limit-field.tsx";
import { VariantsEditor } from "./variants-editor.tsx";

export function ProductForm({
  product,
  courses,
  lang,
  currency,
  vatRate,
  onSaved,
}: {
  /** null: a new product */
  product: AdminProduct | null;
  courses: CourseOption[];
  lang: Lang;
  /** the school's currency and VAT rate, a new product's defaults */
  currency: string;
  vatRate: number;
  onSaved?: (product: AdminProduct) => void;
}) {
  const t = useT();
  const navigate = useNavigate();
  const timeZone = useTimeZone();
  const { state, setState, set, input, errors, setErrors, message, pending, submit } = useEditorForm(() =>
    initialProductState(product, { kind: "bundle", currency, vatRate, lang, timeZone }),
  );

  async function saveCover(key: string | null) {
    set("cover_image")(key);
    if (!product) return;
    try {
      await api("PUT", `/home/products/${product.id}`, { cover_image: key });
      toast.success(t(key ? "products:cover_saved" : "products:cover_removed"));
    } catch (error) {
      if (error instanceof ApiError && error.status === 422)
        setErrors({ cover_image: error.errors.cover_image ?? [error.message] });
    }
  }

  function save(event: FormEvent<HTMLFormElement>) {
    const { body, moneyErrors } = productBody(state, timeZone);
    return submit(event, {
      body,
      moneyErrors,
      schema: productSchema,
      // 409: the address is taken
      shown: [409],
      send: async () => {
        if (product) {
          const saved = await api<{ product: AdminProduct }>("PUT", `/home/products/${product.id}`, body, {
            handled: [409],
          });
          setState(initialProductState(saved.product, { kind: state.kind, currency, vatRate, lang, timeZone }));
          toast.success(t("products:saved"));
          onSaved?.(saved.product);
        } else {
          const created = await api<{ product: AdminProduct }>("POST", "/home/products", body, { handled: [409] });
          toast.success(t("products:created"));
          await navigate(`/home/products/${created.product.id}`);
        }
      },
    });
  }

  return (
    <EditorForm
      label={t(product ? "products:edit_form" : "products:new_form")}
      onSubmit={save}
      message={message}
      pending={pending}
      submitLabel={t(product ? "products:save" : "products:create")}
    >
      <FormSection title={t("products:section_basics")}>
        {!product && (
          <ChoiceCards
            legend={t("products:kind")}
            name="kind"
            value={state.kind}
            onChange={set("kind")}
            options={editableKinds.map((kind) => ({
              value: kind,
              label: t(`products:kind_${kind}`),
              hint: t(`products:kind_${kind}_hint`),
            }))}
          />
        )}
        <PageBasicsFields
          texts="products"
          pathPrefix="/products/"
          title={input("title")}
          slug={input("slug")}
          description={state.description}
          onDescriptionChange={set("description")}
          descriptionRows={8}
          errors={errors}
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
                label={t("products:event_starts_at", { zone: timeZone.replaceAll("_", " ") })}
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
          <CurrencyVatFields
            texts="products"
            currency={input("currency")}
            vatRate={input("vat_rate")}
            errors={errors}
          />
        </div>
        <VariantsEditor
          variants={state.variants}
          onChange={set("variants")}
          errors={errors}
          max={MAX_VARIANTS}
          min={1}
          currency={state.currency}
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
        <AccessLengthFields
          texts="products"
          mode={state.access_mode}
          onModeChange={set("access_mode")}
          days={input("access_days")}
          endsAt={input("access_ends_at")}
          daysHint={t("products:access_days_hint")}
          errors={errors}
        />
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
    </EditorForm>
  );
}
