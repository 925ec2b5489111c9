// The currency and VAT rate fields of a price section, placed in the section's grid by the editor.
// `texts`: the editor's namespace; both have the same keys.
import { currencies } from "#core/school/schemas.ts";
import type { FieldMessages } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import type { InputProps } from "#app/lib/use-editor-form.ts";
import { Field } from "#app/ui/field.tsx";
import { SelectField } from "#app/ui/select-field.tsx";

export function CurrencyVatFields({
  texts,
  currency,
  vatRate,
  errors,
}: {
  texts: "products" | "authoring";
  currency: InputProps;
  vatRate: InputProps;
  errors: FieldMessages;
}) {
  const t = useT();
  return (
    <>
      <SelectField
        label={t(`${texts}:currency`)}
        name="currency"
        errors={errors.currency}
        options={currencies.map((value) => ({ value, label: value }))}
        {...currency}
      />
      <Field label={t(`${texts}:vat_rate`)} name="vat_rate" inputMode="numeric" errors={errors.vat_rate} {...vatRate} />
    </>
  );
}
