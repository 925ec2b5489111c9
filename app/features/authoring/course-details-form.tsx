// The course editor's "Details" form: title and address, description (markdown with a preview), cover image,
// prices (price, currency, VAT, a promo price with its start and end), how long a purchase gives access, the
// author, and the SEO title and description with live counts against the 70 / 150 character hints (§9).
// Saved with PUT /home/courses/{id}; the status has its own buttons (course-header.tsx).
import type { FormEvent } from "react";
import type { AuthoredCourse } from "#core/catalog/authored.ts";
import { courseSchema } from "#core/catalog/authoring-schemas.ts";
import type { Lang } from "#platform/i18n/index.ts";
import { api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { useEditorForm } from "#app/lib/use-editor-form.ts";
import { EditorForm } from "#app/ui/editor-form.tsx";
import { Field } from "#app/ui/field.tsx";
import { moneyInputText, parseMoneyInput } from "#core/shared/money.ts";
import { FormSection } from "#app/ui/form-section.tsx";
import { toast } from "#app/ui/toast.tsx";
import { type AccessState, accessBody, accessState } from "#app/features/pricing/access-length.ts";
import { AccessLengthFields } from "#app/features/pricing/access-length-fields.tsx";
import { CurrencyVatFields } from "#app/features/pricing/currency-vat-fields.tsx";
import { day, wholeNumber } from "#app/features/pricing/form-values.ts";
import { PromoPriceFields } from "#app/features/pricing/promo-price-fields.tsx";
import { CoverImageField } from "./cover-image-field.tsx";
import { PageBasicsFields } from "./page-basics-fields.tsx";
import { SeoFields } from "./seo-fields.tsx";
import { TextareaField } from "./textarea-field.tsx";
import { MoneyInput } from "#app/ui/money-input.tsx";

type FormState = AccessState & {
  title: string;
  slug: string;
  description: string;
  cover_image: string | null;
  price: string;
  currency: string;
  vat_rate: string;
  promo_price: string;
  promo_starts_at: string;
  promo_ends_at: string;
  author_name: string;
  author_bio: string;
  seo_title: string;
  seo_description: string;
};

function initialState(course: AuthoredCourse, lang: Lang): FormState {
  return {
    title: course.title,
    slug: course.slug,
    description: course.description,
    cover_image: course.cover_image,
    price: moneyInputText(course.price_cents, lang),
    currency: course.currency,
    vat_rate: String(course.vat_rate),
    promo_price: moneyInputText(course.promo_price_cents, lang),
    promo_starts_at: day(course.promo_starts_at),
    promo_ends_at: day(course.promo_ends_at),
    ...accessState(course),
    author_name: course.author_name,
    author_bio: course.author_bio,
    seo_title: course.seo_title,
    seo_description: course.seo_description,
  };
}

function toBody(state: FormState): { body: Record<string, unknown>; moneyErrors: Record<string, string> } {
  const moneyErrors: Record<string, string> = {};
  const price = parseMoneyInput(state.price);
  const promo = parseMoneyInput(state.promo_price);
  if (price === undefined || price === null) moneyErrors.price_cents = "authoring:amount_invalid";
  if (promo === undefined) moneyErrors.promo_price_cents = "authoring:amount_invalid";
  return {
    moneyErrors,
    body: {
      title: state.title,
      slug: state.slug,
      description: state.description,
      cover_image: state.cover_image,
      price_cents: price ?? 0,
      currency: state.currency,
      vat_rate: wholeNumber(state.vat_rate) ?? "",
      promo_price_cents: promo ?? null,
      promo_starts_at: state.promo_starts_at || null,
      promo_ends_at: state.promo_ends_at || null,
      ...accessBody(state),
      author_name: state.author_name,
      author_bio: state.author_bio,
      seo_title: state.seo_title,
      seo_description: state.seo_description,
    },
  };
}

export function CourseDetailsForm({
  course,
  lang,
  onSaved,
}: {
  course: AuthoredCourse;
  lang: Lang;
  onSaved: (course: AuthoredCourse) => void;
}) {
  const t = useT();
  const { state, setState, set, input, errors, message, pending, submit } = useEditorForm(() =>
    initialState(course, lang),
  );

  function save(event: FormEvent<HTMLFormElement>) {
    const { body, moneyErrors } = toBody(state);
    return submit(event, {
      body,
      moneyErrors,
      schema: courseSchema,
      send: async () => {
        const saved = await api<{ course: AuthoredCourse }>("PUT", `/home/courses/${course.id}`, body);
        setState(initialState(saved.course, lang));
        toast.success(t("saved"));
        onSaved(saved.course);
      },
    });
  }

  return (
    <EditorForm
      label={t("authoring:details")}
      onSubmit={save}
      message={message}
      pending={pending}
      submitLabel={t("authoring:save_details")}
    >
      <FormSection level={3} title={t("authoring:section_basics")}>
        <PageBasicsFields
          texts="authoring"
          pathPrefix="/"
          title={input("title")}
          slug={input("slug")}
          description={state.description}
          onDescriptionChange={set("description")}
          descriptionRows={10}
          errors={errors}
        />
        <CoverImageField
          courseId={course.id}
          value={state.cover_image}
          onChange={set("cover_image")}
          errors={errors.cover_image}
        />
      </FormSection>

      <FormSection level={3} title={t("authoring:section_price")}>
        <div className="grid gap-4 sm:grid-cols-3">
          <MoneyInput
            label={t("authoring:price")}
            name="price_cents"
            currency={state.currency}
            required
            hint={t("authoring:price_hint")}
            errors={errors.price_cents}
            {...input("price")}
          />
          <CurrencyVatFields
            texts="authoring"
            currency={input("currency")}
            vatRate={input("vat_rate")}
            errors={errors}
          />
        </div>
        <fieldset className="flex flex-col gap-4 rounded-lg border border-gray-200 p-4">
          <legend className="px-1 text-sm font-semibold text-ink">{t("authoring:promo")}</legend>
          <p className="-mt-2 text-xs text-muted">{t("authoring:promo_hint")}</p>
          <PromoPriceFields
            texts="authoring"
            currency={state.currency}
            price={input("promo_price")}
            startsAt={input("promo_starts_at")}
            endsAt={input("promo_ends_at")}
            errors={errors}
          />
        </fieldset>
      </FormSection>

      <FormSection level={3} title={t("authoring:section_access")}>
        <AccessLengthFields
          texts="authoring"
          mode={state.access_mode}
          onModeChange={set("access_mode")}
          days={input("access_days")}
          endsAt={input("access_ends_at")}
          errors={errors}
        />
      </FormSection>

      <FormSection level={3} title={t("authoring:section_author")}>
        <Field
          label={t("authoring:author_name")}
          name="author_name"
          maxLength={120}
          errors={errors.author_name}
          {...input("author_name")}
        />
        <TextareaField
          label={t("authoring:author_bio")}
          name="author_bio"
          maxLength={5000}
          errors={errors.author_bio}
          {...input("author_bio")}
        />
      </FormSection>

      <FormSection level={3} title={t("authoring:section_seo")}>
        <SeoFields
          texts="authoring"
          title={input("seo_title")}
          description={input("seo_description")}
          errors={errors}
        />
      </FormSection>
    </EditorForm>
  );
}
