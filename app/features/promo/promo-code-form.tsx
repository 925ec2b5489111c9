// The promo code form (/home/promo-codes/new and /home/promo-codes/:id): the code, a percentage or a fixed
// amount in the school's currency, the days it starts and ends, how many times it may be used and the product
// it is limited to. Checked with the shared schema, then sent as JSON (POST to create, PUT to change); before
// hydration it is a plain form post to the same address.
import { useState } from "react";
import { useNavigate } from "react-router";
import { promoCodeBody } from "#core/promo/form-input.ts";
import type { AdminPromoCode } from "#core/promo/list-promo-codes.ts";
import type { ScopeOption } from "#core/promo/list-scope-options.ts";
import { CODE_MAX, promoCodeSchema, type PromoCodeKindName } from "#core/promo/schemas.ts";
import { moneyInputText } from "#core/shared/money.ts";
import type { Lang } from "#platform/i18n/index.ts";
import { useT } from "#app/lib/i18n.tsx";
import { useApiForm } from "#app/lib/use-api-form.ts";
import { CsrfField } from "#app/features/accounts/csrf-field.tsx";
import { Button } from "#app/ui/button.tsx";
import { Field, FormAlert } from "#app/ui/field.tsx";
import { SelectField } from "#app/ui/select-field.tsx";

/** The day a date field shows for a stored moment (UTC, as the schema reads a bare day). */
const day = (iso: string | null) => (iso ? iso.slice(0, 10) : "");

export function PromoCodeForm({
  promo,
  scopeOptions,
  lang,
  currency,
  queryError,
}: {
  /** null: a new code */
  promo: AdminPromoCode | null;
  scopeOptions: ScopeOption[];
  lang: Lang;
  currency: string;
  queryError?: string;
}) {
  const t = useT();
  const navigate = useNavigate();
  const [kind, setKind] = useState<PromoCodeKindName>(promo?.kind ?? "percent");
  const url = promo ? `/home/promo-codes/${promo.id}` : "/home/promo-codes";
  const form = useApiForm<{ promo_code: AdminPromoCode }>({
    url,
    method: promo ? "PUT" : "POST",
    schema: promoCodeSchema,
    toBody: (data) => {
      const body = promoCodeBody(Object.fromEntries(data));
      // A date left as it was keeps its exact moment (a code ended early by a deletion ended mid-day).
      if (promo && body.starts_at === day(promo.starts_at)) body.starts_at = promo.starts_at ?? "";
      if (promo && body.ends_at === day(promo.ends_at)) body.ends_at = promo.ends_at ?? "";
      return body;
    },
    onSuccess: ({ promo_code }) => void navigate(`/home/promo-codes?saved=${encodeURIComponent(promo_code.code)}`),
  });
  const amountDefault = promo
    ? promo.kind === "fixed"
      ? moneyInputText(promo.amount, lang)
      : String(promo.amount)
    : "";
  const scopes = [
    { value: "all", label: t("promo:scope_all") },
    ...scopeOptions.map((option) => ({
      value: option.value,
      label: t(`promo:scope_${option.kind}`, { title: option.title }),
    })),
  ];
  return (
    <form
      method="post"
      action={url}
      onSubmit={form.onSubmit}
      noValidate
      aria-label={t(promo ? "promo:edit_title" : "promo:new_title", { code: promo?.code ?? "" })}
      className="flex flex-col gap-5 rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200 sm:p-8"
    >
      <CsrfField />
      <FormAlert message={form.message ?? queryError} />
      <Field
        label={t("promo:field_code")}
        name="code"
        required
        maxLength={CODE_MAX}
        defaultValue={promo?.code ?? ""}
        hint={t("promo:code_hint")}
        errors={form.errors.code}
        autoCapitalize="characters"
        autoComplete="off"
        spellCheck={false}
        className="[&_input]:font-mono"
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          label={t("promo:field_kind")}
          name="kind"
          value={kind}
          onChange={(event) => setKind(event.target.value as PromoCodeKindName)}
          errors={form.errors.kind}
          options={[
            { value: "percent", label: t("promo:kind_percent") },
            { value: "fixed", label: t("promo:kind_fixed") },
          ]}
        />
        <Field
          label={kind === "percent" ? t("promo:field_amount_percent") : t("promo:field_amount_fixed", { currency })}
          name="amount"
          required
          inputMode={kind === "percent" ? "numeric" : "decimal"}
          defaultValue={amountDefault}
          hint={kind === "percent" ? t("promo:amount_percent_hint") : t("promo:amount_fixed_hint")}
          errors={form.errors.amount}
          autoComplete="off"
        />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          label={t("promo:field_starts_at")}
          name="starts_at"
          type="date"
          defaultValue={day(promo?.starts_at ?? null)}
          hint={t("promo:starts_at_hint")}
          errors={form.errors.starts_at}
        />
        <Field
          label={t("promo:field_ends_at")}
          name="ends_at"
          type="date"
          defaultValue={day(promo?.ends_at ?? null)}
          hint={t("promo:ends_at_hint")}
          errors={form.errors.ends_at}
        />
      </div>
      <Field
        label={t("promo:field_usage_limit")}
        name="usage_limit"
        inputMode="numeric"
        defaultValue={promo && promo.usage_limit >= 0 ? String(promo.usage_limit) : ""}
        hint={t("promo:usage_limit_hint")}
        errors={form.errors.usage_limit}
        autoComplete="off"
      />
      <SelectField
        label={t("promo:field_scope")}
        name="scope"
        defaultValue={promo?.scope ?? "all"}
        hint={t("promo:scope_hint")}
        errors={form.errors.scope}
        options={scopes}
      />
      <Button type="submit" disabled={form.pending} className="self-start">
        {t(promo ? "save" : "promo:create")}
      </Button>
    </form>
  );
}
