// The plan form (/home/memberships/new and /home/memberships/:planId): name, description, price with VAT and
// currency, period, trial days, whether sign-ups are open, and what the plan opens (courses, products, community
// topics). Checked with the shared schema, then sent as JSON (POST to create, PUT to change); before hydration a
// plain form post to the same address, a refusal coming back as ?error=.
import { useId } from "react";
import { useNavigate } from "react-router";
import type { AdminPlan } from "#core/memberships/get-plan.ts";
import type { PlanKeyOptions } from "#core/memberships/list-plan-key-options.ts";
import { PLAN_PERIODS } from "#core/memberships/periods.ts";
import {
  PLAN_DESCRIPTION_MAX,
  PLAN_NAME_MAX,
  keyFieldName,
  planFormBody,
  planSchema,
} from "#core/memberships/schemas.ts";
import { currencies } from "#core/school/schemas.ts";
import { moneyInputText } from "#core/shared/money.ts";
import { useT } from "#app/lib/i18n.tsx";
import { useRootData } from "#app/lib/root-data.ts";
import { useApiForm } from "#app/lib/use-api-form.ts";
import { CsrfField } from "#app/features/accounts/csrf-field.tsx";
import { TextareaField } from "#app/features/authoring/textarea-field.tsx";
import { Button } from "#app/ui/button.tsx";
import { Field, FormAlert } from "#app/ui/field.tsx";
import { MoneyInput } from "#app/ui/money-input.tsx";
import { SelectField } from "#app/ui/select-field.tsx";
import { SwitchField } from "#app/ui/switch-field.tsx";

function KeyList({
  kind,
  legend,
  options,
  chosen,
  empty,
}: {
  kind: "course" | "product" | "topic";
  legend: string;
  options: { id: number; title: string }[];
  chosen: number[];
  empty: string;
}) {
  const ids = new Set(chosen);
  return (
    <fieldset className="flex flex-col gap-2" data-testid={`plan-${kind}s`}>
      <legend className="text-sm font-medium text-ink">{legend}</legend>
      {options.length === 0 ? (
        <p className="text-sm text-muted">{empty}</p>
      ) : (
        <ul className="grid max-h-60 gap-1 overflow-y-auto rounded-md border border-gray-200 p-2 sm:grid-cols-2">
          {options.map((option) => (
            <li key={option.id}>
              <label className="flex min-h-10 cursor-pointer items-center gap-2 rounded px-2 py-1 text-sm hover:bg-gray-50">
                <input
                  type="checkbox"
                  name={keyFieldName(kind, option.id)}
                  value="1"
                  defaultChecked={ids.has(option.id)}
                  className="size-4 shrink-0 rounded border-gray-300 accent-brand-600"
                />
                <span className="min-w-0 break-words">{option.title}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

export function PlanForm({
  plan,
  options,
  defaultCurrency,
  queryError,
}: {
  /** null: a new plan */
  plan: AdminPlan | null;
  options: PlanKeyOptions;
  defaultCurrency: string;
  queryError?: string;
}) {
  const t = useT();
  const lang = useRootData()?.lang ?? "en";
  const navigate = useNavigate();
  const keysId = useId();
  const url = plan ? `/home/memberships/${plan.id}` : "/home/memberships";
  const form = useApiForm<{ membership_plan: AdminPlan }>({
    url,
    method: plan ? "PUT" : "POST",
    schema: planSchema,
    toBody: (data) => planFormBody(Object.fromEntries(data)) as Record<string, unknown>,
    onSuccess: (saved) =>
      void navigate(plan ? `/home/memberships/${saved.membership_plan.id}?saved=1` : "/home/memberships?saved=1"),
  });
  const currency = plan?.currency ?? defaultCurrency;
  return (
    <form
      method="post"
      action={url}
      onSubmit={form.onSubmit}
      noValidate
      aria-label={t(plan ? "memberships:details" : "memberships:new_plan")}
      className="flex flex-col gap-6 rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200 sm:p-8"
    >
      <CsrfField />
      <FormAlert message={form.message ?? queryError} />
      <Field
        label={t("memberships:field_name")}
        name="name"
        required
        maxLength={PLAN_NAME_MAX}
        defaultValue={plan?.name ?? ""}
        errors={form.errors.name}
        autoComplete="off"
      />
      <TextareaField
        label={t("memberships:field_description")}
        name="description"
        maxLength={PLAN_DESCRIPTION_MAX}
        defaultValue={plan?.description ?? ""}
        errors={form.errors.description}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <MoneyInput
          label={t("memberships:field_price")}
          name="price"
          currency={currency}
          required
          defaultValue={plan ? moneyInputText(plan.price_cents, lang) : ""}
          hint={plan ? t("memberships:field_price_hint_members") : undefined}
          errors={form.errors.price}
        />
        <SelectField
          label={t("memberships:field_currency")}
          name="currency"
          defaultValue={currency}
          options={currencies.map((code) => ({ value: code, label: code }))}
          errors={form.errors.currency}
        />
        <Field
          label={t("memberships:field_vat_rate")}
          name="vat_rate"
          inputMode="numeric"
          defaultValue={String(plan?.vat_rate ?? 23)}
          errors={form.errors.vat_rate}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t("memberships:field_period")}
          name="period_months"
          defaultValue={String(plan?.period_months ?? 1)}
          options={PLAN_PERIODS.map((period) => ({
            value: String(period),
            label: t(`memberships:period_${period < 0 ? "lifetime" : period}`),
          }))}
          errors={form.errors.period_months}
        />
        <Field
          label={t("memberships:field_trial_days")}
          name="trial_days"
          inputMode="numeric"
          defaultValue={String(plan?.trial_days ?? 0)}
          hint={t("memberships:field_trial_days_hint")}
          errors={form.errors.trial_days}
        />
      </div>
      <SwitchField
        label={t("memberships:field_signups_open")}
        name="signups_open"
        value="1"
        defaultChecked={plan ? plan.signups_open === 1 : true}
        hint={t("memberships:field_signups_open_hint")}
      />
      <div className="flex flex-col gap-4" aria-describedby={`${keysId}-hint`}>
        <p id={`${keysId}-hint`} className="text-sm text-muted">
          {t("memberships:keys_hint")}
        </p>
        <KeyList
          kind="course"
          legend={t("memberships:field_courses")}
          options={options.courses}
          chosen={plan?.course_ids ?? []}
          empty={t("memberships:no_courses")}
        />
        <KeyList
          kind="product"
          legend={t("memberships:field_products")}
          options={options.products}
          chosen={plan?.product_ids ?? []}
          empty={t("memberships:no_products")}
        />
        <KeyList
          kind="topic"
          legend={t("memberships:field_topics")}
          options={options.topics}
          chosen={plan?.topic_ids ?? []}
          empty={t("memberships:no_topics")}
        />
      </div>
      <Button type="submit" disabled={form.pending} className="self-start">
        {t(plan ? "save" : "memberships:create")}
      </Button>
    </form>
  );
}
