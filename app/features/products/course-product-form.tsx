// A course's product part in the product editor: price variant 1 is the course's own price (shown read-only, with
// the way to the course editor where it is changed); variants 2 and 3 and the promotional packages limit are
// edited here (PUT /home/products/{id} {promo_limit, variants}).
import type { FormEvent } from "react";
import { Link } from "react-router";
import { Pencil } from "lucide-react";
import type { AdminProduct } from "#core/products/product-records.ts";
import { COURSE_EXTRA_VARIANTS, courseProductSchema } from "#core/products/schemas.ts";
import { formatDate } from "#platform/i18n/format.ts";
import { formatMoney } from "#core/shared/money.ts";
import type { Lang } from "#platform/i18n/index.ts";
import { api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { useEditorForm } from "#app/lib/use-editor-form.ts";
import { buttonClass } from "#app/ui/button.tsx";
import { EditorForm } from "#app/ui/editor-form.tsx";
import { FormSection } from "#app/ui/form-section.tsx";
import { toast } from "#app/ui/toast.tsx";
import { wholeNumber } from "#app/features/pricing/form-values.ts";
import { variantsBody, variantState } from "./form-state.ts";
import { PromoLimitField } from "./promo-limit-field.tsx";
import { VariantsEditor } from "./variants-editor.tsx";

function initial(product: AdminProduct, lang: Lang) {
  return {
    promo_limit: String(product.promo_limit),
    variants: product.variants.filter((variant) => variant.position > 1).map((variant) => variantState(variant, lang)),
  };
}

export function CourseProductForm({
  product,
  lang,
  onSaved,
}: {
  product: AdminProduct;
  lang: Lang;
  onSaved: (product: AdminProduct) => void;
}) {
  const t = useT();
  const { state, setState, set, errors, message, pending, submit } = useEditorForm(() => initial(product, lang));
  const first = product.variants.find((variant) => variant.position === 1);
  const money = (cents: number) => formatMoney(cents, product.currency, lang);

  function save(event: FormEvent<HTMLFormElement>) {
    const variants = variantsBody(state.variants);
    const body = { promo_limit: wholeNumber(state.promo_limit) ?? -1, variants: variants.body };
    return submit(event, {
      body,
      moneyErrors: variants.moneyErrors,
      schema: courseProductSchema,
      send: async () => {
        const saved = await api<{ product: AdminProduct }>("PUT", `/home/products/${product.id}`, body);
        setState(initial(saved.product, lang));
        toast.success(t("products:saved"));
        onSaved(saved.product);
      },
    });
  }

  return (
    <EditorForm
      label={t("products:edit_form")}
      onSubmit={save}
      message={message}
      pending={pending}
      submitLabel={t("products:save")}
    >
      <FormSection title={t("products:section_price")}>
        <div className="flex flex-col gap-3 rounded-lg border border-gray-200 bg-gray-50 p-4" data-variant={1}>
          <h3 className="text-sm font-semibold text-ink">{t("products:variant_number", { number: 1 })}</h3>
          <p className="text-sm text-muted">{t("products:course_variant_text")}</p>
          {first && (
            <dl className="grid gap-3 text-sm sm:grid-cols-3">
              <div>
                <dt className="text-xs text-muted">{t("products:price")}</dt>
                <dd className="font-medium tabular-nums" data-testid="course-price">
                  {money(first.price_cents)}
                </dd>
              </div>
              {first.promo_price_cents !== null && (
                <div>
                  <dt className="text-xs text-muted">{t("products:promo_price")}</dt>
                  <dd className="font-medium tabular-nums">{money(first.promo_price_cents)}</dd>
                </div>
              )}
              {first.promo_ends_at && (
                <div>
                  <dt className="text-xs text-muted">{t("products:promo_ends_at")}</dt>
                  <dd className="font-medium">{formatDate(first.promo_ends_at, lang)}</dd>
                </div>
              )}
            </dl>
          )}
          {product.course && (
            <Link to={`/home/courses/${product.course.id}`} className={buttonClass("secondary", "self-start")}>
              <Pencil aria-hidden className="size-4" />
              {t("products:edit_course_price")}
            </Link>
          )}
        </div>
        <VariantsEditor
          variants={state.variants}
          onChange={set("variants")}
          errors={errors}
          max={COURSE_EXTRA_VARIANTS}
          min={0}
          firstNumber={2}
          currency={product.currency}
        />
        <PromoLimitField
          value={state.promo_limit}
          onChange={set("promo_limit")}
          errors={errors}
          sold={product.promo_sold}
          limit={product.promo_limit}
        />
      </FormSection>
    </EditorForm>
  );
}
