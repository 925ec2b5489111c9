// The affiliate code form (/home/affiliates/new and /home/affiliates/:id): the code, the affiliate's name and
// e-mail, the commission percent and the days the link's cookie lives. Checked with the shared schema, then sent
// as JSON (POST to create, PUT to change); before hydration it is a plain form post to the same address.
import { useNavigate } from "react-router";
import type { AdminAffiliateCode } from "#core/promo/affiliate-report.ts";
import { affiliateCodeBody } from "#core/promo/form-input.ts";
import {
  AFFILIATE_NAME_MAX,
  affiliateCodeSchema,
  CODE_MAX,
  COOKIE_DAYS_DEFAULT,
  COOKIE_DAYS_MAX,
} from "#core/promo/schemas.ts";
import { useT } from "#app/lib/i18n.tsx";
import { useApiForm } from "#app/lib/use-api-form.ts";
import { CsrfField } from "#app/features/accounts/csrf-field.tsx";
import { Button } from "#app/ui/button.tsx";
import { Field, FormAlert } from "#app/ui/field.tsx";

export function AffiliateCodeForm({
  affiliate,
  queryError,
}: {
  /** null: a new code */
  affiliate: AdminAffiliateCode | null;
  queryError?: string;
}) {
  const t = useT();
  const navigate = useNavigate();
  const url = affiliate ? `/home/affiliates/${affiliate.id}` : "/home/affiliates";
  const form = useApiForm<{ affiliate: AdminAffiliateCode }>({
    url,
    method: affiliate ? "PUT" : "POST",
    schema: affiliateCodeSchema,
    toBody: (data) => affiliateCodeBody(Object.fromEntries(data)),
    onSuccess: (saved) => void navigate(`/home/affiliates/${saved.affiliate.id}?saved=1`),
  });
  return (
    <form
      method="post"
      action={url}
      onSubmit={form.onSubmit}
      noValidate
      aria-label={t(affiliate ? "promo:affiliate_details" : "promo:affiliate_new_title")}
      className="flex flex-col gap-5 rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200 sm:p-8"
    >
      <CsrfField />
      <FormAlert message={form.message ?? queryError} />
      <Field
        label={t("promo:field_code")}
        name="code"
        required
        maxLength={CODE_MAX}
        defaultValue={affiliate?.code ?? ""}
        hint={t("promo:affiliate_code_hint")}
        errors={form.errors.code}
        autoCapitalize="none"
        autoComplete="off"
        spellCheck={false}
        className="[&_input]:font-mono"
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          label={t("promo:field_affiliate_name")}
          name="name"
          required
          maxLength={AFFILIATE_NAME_MAX}
          defaultValue={affiliate?.name ?? ""}
          errors={form.errors.name}
          autoComplete="off"
        />
        <Field
          label={t("promo:field_affiliate_email")}
          name="email"
          type="email"
          defaultValue={affiliate?.email ?? ""}
          hint={t("promo:affiliate_email_hint")}
          errors={form.errors.email}
          autoComplete="off"
        />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          label={t("promo:field_commission")}
          name="commission_percent"
          required
          inputMode="numeric"
          defaultValue={affiliate ? String(affiliate.commission_percent) : ""}
          hint={t("promo:commission_hint")}
          errors={form.errors.commission_percent}
          autoComplete="off"
        />
        <Field
          label={t("promo:field_cookie_days")}
          name="cookie_days"
          inputMode="numeric"
          defaultValue={String(affiliate?.cookie_days ?? COOKIE_DAYS_DEFAULT)}
          hint={t("promo:cookie_days_hint", { max: COOKIE_DAYS_MAX })}
          errors={form.errors.cookie_days}
          autoComplete="off"
        />
      </div>
      <Button type="submit" disabled={form.pending} className="self-start">
        {t(affiliate ? "save" : "promo:affiliate_create")}
      </Button>
    </form>
  );
}
