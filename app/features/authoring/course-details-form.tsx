// The course editor's "Details" form: title and address, description (markdown with a preview), cover image,
// prices (price, currency, VAT, a promo price with its start and end), how long a purchase gives access, the
// author, and the SEO title and description with live counts against the 70 / 150 character hints (§9).
// Saved with PUT /home/courses/{id}; the status has its own buttons (course-header.tsx).
import { type FormEvent, type ReactNode, useId, useState } from "react";
import type { AuthoredCourse } from "#core/catalog/authoring-records.ts";
import {
  courseSchema,
  DESCRIPTION_MAX,
  SEO_DESCRIPTION_HINT,
  SEO_DESCRIPTION_MAX,
  SEO_TITLE_HINT,
  SEO_TITLE_MAX,
  TITLE_MAX,
} from "#core/catalog/authoring-schemas.ts";
import { currencies } from "#core/school/schemas.ts";
import { fieldErrorsOf } from "#core/validation.ts";
import type { Lang } from "#platform/i18n/index.ts";
import { ApiError, api, type FieldMessages } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { Button } from "#app/ui/button.tsx";
import { Field, FormAlert } from "#app/ui/field.tsx";
import { SelectField } from "#app/ui/select-field.tsx";
import { toast } from "#app/ui/toast.tsx";
import { CoverImageField } from "./cover-image-field.tsx";
import { MarkdownField } from "./markdown-field.tsx";
import { centsToInput, inputToCents } from "./money.ts";
import { CharacterCount, TextareaField } from "./textarea-field.tsx";

type AccessMode = "none" | "days" | "date";

type FormState = {
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
  access_mode: AccessMode;
  access_days: string;
  access_ends_at: string;
  author_name: string;
  author_bio: string;
  seo_title: string;
  seo_description: string;
};

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : "");

function initialState(course: AuthoredCourse, lang: Lang): FormState {
  return {
    title: course.title,
    slug: course.slug,
    description: course.description,
    cover_image: course.cover_image,
    price: centsToInput(course.price_cents, lang),
    currency: course.currency,
    vat_rate: String(course.vat_rate),
    promo_price: centsToInput(course.promo_price_cents, lang),
    promo_starts_at: day(course.promo_starts_at),
    promo_ends_at: day(course.promo_ends_at),
    access_mode: course.access_days ? "days" : course.access_ends_at ? "date" : "none",
    access_days: course.access_days ? String(course.access_days) : "",
    access_ends_at: day(course.access_ends_at),
    author_name: course.author_name,
    author_bio: course.author_bio,
    seo_title: course.seo_title,
    seo_description: course.seo_description,
  };
}

/** Whole numbers go as numbers; anything else as typed, so the shared schema names the problem. */
const wholeNumber = (text: string): number | string | null =>
  text.trim() === "" ? null : /^-?\d+$/.test(text.trim()) ? Number(text.trim()) : text;

function toBody(state: FormState): { body: Record<string, unknown>; moneyErrors: Record<string, string> } {
  const moneyErrors: Record<string, string> = {};
  const price = inputToCents(state.price);
  const promo = inputToCents(state.promo_price);
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
      access_days: state.access_mode === "days" ? (wholeNumber(state.access_days) ?? "") : null,
      access_ends_at: state.access_mode === "date" ? state.access_ends_at || "" : null,
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
  const seoTitleCount = useId();
  const seoDescriptionCount = useId();
  const [state, setState] = useState(() => initialState(course, lang));
  const [errors, setErrors] = useState<FieldMessages>({});
  const [message, setMessage] = useState<string>();
  const [pending, setPending] = useState(false);
  const set =
    <K extends keyof FormState>(key: K) =>
    (value: FormState[K]) =>
      setState((s) => ({ ...s, [key]: value }));
  const input = (key: keyof FormState) => ({
    value: state[key] as string,
    onChange: (event: { target: { value: string } }) => set(key)(event.target.value as never),
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { body, moneyErrors } = toBody(state);
    const found: FieldMessages = Object.fromEntries(
      Object.entries(moneyErrors).map(([field, key]) => [field, [t(key)]]),
    );
    const checked = courseSchema.safeParse(body);
    if (!checked.success) {
      for (const [field, list] of Object.entries(fieldErrorsOf(checked.error, body))) {
        found[field] ??= list.map((m) => t(m.key, m.values ?? {}));
      }
    }
    setMessage(undefined);
    if (Object.keys(found).length) {
      setErrors(found);
      setMessage(t("validation:summary"));
      return;
    }
    setErrors({});
    setPending(true);
    try {
      const saved = await api<{ course: AuthoredCourse }>("PUT", `/home/courses/${course.id}`, body);
      setState(initialState(saved.course, lang));
      toast.success(t("saved"));
      onSaved(saved.course);
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        setErrors(error.errors);
        setMessage(t("validation:summary"));
      }
    } finally {
      setPending(false);
    }
  }

  const seoTitleLength = state.seo_title.length;
  const seoDescriptionLength = state.seo_description.length;
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={t("authoring:details")}
      className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-gray-200"
    >
      {message && (
        <div className="px-5 pt-5 sm:px-8 sm:pt-8">
          <FormAlert message={message} />
        </div>
      )}
      <FormSection title={t("authoring:section_basics")}>
        <Field
          label={t("authoring:title")}
          name="title"
          required
          maxLength={TITLE_MAX}
          errors={errors.title}
          {...input("title")}
        />
        <Field
          label={t("authoring:slug")}
          name="slug"
          maxLength={200}
          hint={t("authoring:slug_hint", { path: `/${state.slug || "…"}` })}
          errors={errors.slug}
          autoCapitalize="none"
          spellCheck={false}
          {...input("slug")}
        />
        <MarkdownField
          label={t("authoring:description")}
          name="description"
          value={state.description}
          onChange={set("description")}
          maxLength={DESCRIPTION_MAX}
          errors={errors.description}
          rows={10}
        />
        <CoverImageField
          courseId={course.id}
          value={state.cover_image}
          onChange={set("cover_image")}
          errors={errors.cover_image}
        />
      </FormSection>

      <FormSection title={t("authoring:section_price")}>
        <div className="grid gap-4 sm:grid-cols-3">
          <Field
            label={t("authoring:price")}
            name="price_cents"
            inputMode="decimal"
            required
            hint={t("authoring:price_hint")}
            errors={errors.price_cents}
            {...input("price")}
          />
          <SelectField
            label={t("authoring:currency")}
            name="currency"
            errors={errors.currency}
            options={currencies.map((value) => ({ value, label: value }))}
            {...input("currency")}
          />
          <Field
            label={t("authoring:vat_rate")}
            name="vat_rate"
            inputMode="numeric"
            errors={errors.vat_rate}
            {...input("vat_rate")}
          />
        </div>
        <fieldset className="flex flex-col gap-4 rounded-lg border border-gray-200 p-4">
          <legend className="px-1 text-sm font-semibold text-ink">{t("authoring:promo")}</legend>
          <p className="-mt-2 text-xs text-muted">{t("authoring:promo_hint")}</p>
          <div className="grid gap-4 sm:grid-cols-3">
            <Field
              label={t("authoring:promo_price")}
              name="promo_price_cents"
              inputMode="decimal"
              errors={errors.promo_price_cents}
              {...input("promo_price")}
            />
            <Field
              label={t("authoring:promo_starts_at")}
              name="promo_starts_at"
              type="date"
              errors={errors.promo_starts_at}
              {...input("promo_starts_at")}
            />
            <Field
              label={t("authoring:promo_ends_at")}
              name="promo_ends_at"
              type="date"
              errors={errors.promo_ends_at}
              {...input("promo_ends_at")}
            />
          </div>
        </fieldset>
      </FormSection>

      <FormSection title={t("authoring:section_access")}>
        <fieldset className="flex flex-col gap-3">
          <legend className="text-sm font-medium text-ink">{t("authoring:access_length")}</legend>
          {(["none", "days", "date"] as const).map((mode) => (
            <label key={mode} className="flex min-h-6 items-center gap-2 text-sm text-ink">
              <input
                type="radio"
                name="access_mode"
                value={mode}
                checked={state.access_mode === mode}
                onChange={() => set("access_mode")(mode)}
                className="size-4 accent-brand-600"
              />
              {t(`authoring:access_mode_${mode}`)}
            </label>
          ))}
        </fieldset>
        {state.access_mode === "days" && (
          <Field
            label={t("authoring:access_days")}
            name="access_days"
            inputMode="numeric"
            className="sm:max-w-xs"
            errors={errors.access_days}
            {...input("access_days")}
          />
        )}
        {state.access_mode === "date" && (
          <Field
            label={t("authoring:access_ends_at")}
            name="access_ends_at"
            type="date"
            className="sm:max-w-xs"
            errors={errors.access_ends_at}
            {...input("access_ends_at")}
          />
        )}
      </FormSection>

      <FormSection title={t("authoring:section_author")}>
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

      <FormSection title={t("authoring:section_seo")}>
        <div className="flex flex-col gap-1">
          <Field
            label={t("authoring:seo_title")}
            name="seo_title"
            maxLength={SEO_TITLE_MAX}
            errors={errors.seo_title}
            {...(errors.seo_title ? {} : { "aria-describedby": seoTitleCount })}
            {...input("seo_title")}
          />
          <CharacterCount
            id={seoTitleCount}
            count={seoTitleLength}
            recommended={SEO_TITLE_HINT}
            text={t("authoring:seo_count", { count: seoTitleLength, recommended: SEO_TITLE_HINT })}
          />
        </div>
        <div className="flex flex-col gap-1">
          <TextareaField
            label={t("authoring:seo_description")}
            name="seo_description"
            rows={3}
            maxLength={SEO_DESCRIPTION_MAX}
            errors={errors.seo_description}
            {...(errors.seo_description ? {} : { "aria-describedby": seoDescriptionCount })}
            {...input("seo_description")}
          />
          <CharacterCount
            id={seoDescriptionCount}
            count={seoDescriptionLength}
            recommended={SEO_DESCRIPTION_HINT}
            text={t("authoring:seo_count", { count: seoDescriptionLength, recommended: SEO_DESCRIPTION_HINT })}
          />
        </div>
      </FormSection>

      <div className="border-t border-gray-200 bg-gray-50 px-5 py-4 sm:px-8">
        <Button type="submit" disabled={pending} className="w-full sm:w-auto">
          {t("authoring:save_details")}
        </Button>
      </div>
    </form>
  );
}

function FormSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-5 border-t border-gray-200 px-5 py-6 first-of-type:border-t-0 sm:px-8"
    >
      <h3 id={id} className="text-lg font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}
