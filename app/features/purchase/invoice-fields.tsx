// A company invoice: the checkbox reveals company name, VAT number, street, postal code, city and country (spec
// §5: 'Incorrect VAT Number format', Polish postal code 12-345). The reveal is CSS (the checkbox's :checked), so it
// works before the page's script runs too.
import type { FieldMessages } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { Field } from "#app/ui/field.tsx";
import { SelectField } from "#app/ui/select-field.tsx";

/** Countries offered for the invoice address (ISO 3166 codes): the EU first by name, then a few neighbours. */
export const invoiceCountries = [
  "PL",
  "AT",
  "BE",
  "BG",
  "HR",
  "CY",
  "CZ",
  "DK",
  "EE",
  "FI",
  "FR",
  "DE",
  "GR",
  "HU",
  "IE",
  "IT",
  "LV",
  "LT",
  "LU",
  "MT",
  "NL",
  "PT",
  "RO",
  "SK",
  "SI",
  "ES",
  "SE",
  "GB",
  "NO",
  "CH",
  "UA",
  "US",
] as const;

export function InvoiceFields({ errors, defaultCountry }: { errors: FieldMessages; defaultCountry: string }) {
  const t = useT();
  return (
    <div className="group/invoice flex flex-col gap-4">
      <label className="flex cursor-pointer items-start gap-3 text-sm">
        <input
          type="checkbox"
          name="invoice"
          className="mt-0.5 size-4 shrink-0 rounded border-gray-300 accent-brand-600"
        />
        <span>
          <span className="font-medium text-ink">{t("purchase:invoice_checkbox")}</span>
          <span className="mt-0.5 block text-muted">{t("purchase:invoice_hint")}</span>
        </span>
      </label>
      <div
        className="hidden gap-4 group-has-[[name=invoice]:checked]/invoice:grid sm:grid-cols-2"
        data-testid="invoice-fields"
      >
        <Field
          className="sm:col-span-2"
          label={t("purchase:company_name")}
          name="company_name"
          autoComplete="organization"
          maxLength={200}
          errors={errors.company_name}
        />
        <Field
          label={t("purchase:vat_number")}
          name="vat_number"
          maxLength={30}
          hint={t("purchase:vat_number_hint")}
          errors={errors.vat_number}
        />
        <SelectField
          label={t("purchase:country")}
          name="country"
          autoComplete="country"
          defaultValue={defaultCountry}
          errors={errors.country}
          options={invoiceCountries.map((code) => ({ value: code, label: t(`purchase:countries.${code}`) }))}
        />
        <Field
          className="sm:col-span-2"
          label={t("purchase:street")}
          name="street"
          autoComplete="street-address"
          maxLength={200}
          errors={errors.street}
        />
        <Field
          label={t("purchase:postal_code")}
          name="postal_code"
          autoComplete="postal-code"
          maxLength={20}
          hint={t("purchase:postal_code_hint")}
          errors={errors.postal_code}
        />
        <Field
          label={t("purchase:city")}
          name="city"
          autoComplete="address-level2"
          maxLength={100}
          errors={errors.city}
        />
      </div>
    </div>
  );
}
