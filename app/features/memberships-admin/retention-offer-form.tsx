// The school's one retention offer on /home/memberships (decision 0042): none, a discount of X % for N renewals, or
// a pause moving the next charge N periods later. Saved with PUT /home/memberships/retention; 422 field errors
// show below their fields. Members see it once, in the cancel flow (app/features/memberships/cancel-flow.tsx).
import { type FormEvent, useState } from "react";
import type { RetentionOffer } from "#core/memberships/retention.ts";
import { api, ApiError, type FieldMessages } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { Button } from "#app/ui/button.tsx";
import { Field } from "#app/ui/field.tsx";
import { SelectField } from "#app/ui/select-field.tsx";
import { toast } from "#app/ui/toast.tsx";

export function RetentionOfferForm({ offer }: { offer: RetentionOffer | null }) {
  const t = useT();
  const [kind, setKind] = useState<string>(offer?.kind ?? "none");
  const [errors, setErrors] = useState<FieldMessages>({});
  const [pending, setPending] = useState(false);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setPending(true);
    setErrors({});
    try {
      await api("PUT", "/home/memberships/retention", {
        kind,
        percent: String(data.get("percent") ?? ""),
        periods: String(data.get("periods") ?? ""),
      });
      toast.success(t("memberships_admin:retention_saved"));
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.errors);
    } finally {
      setPending(false);
    }
  }

  return (
    <section
      aria-labelledby="retention-offer"
      className="flex flex-col gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200 sm:p-6"
    >
      <div>
        <h2 id="retention-offer" className="text-lg font-semibold">
          {t("memberships_admin:retention_title")}
        </h2>
        <p className="mt-1 text-sm text-muted">{t("memberships_admin:retention_intro")}</p>
      </div>
      <form onSubmit={save} noValidate className="flex flex-wrap items-end gap-4">
        <SelectField
          label={t("memberships_admin:retention_kind")}
          name="kind"
          value={kind}
          onChange={(event) => setKind(event.target.value)}
          errors={errors.kind}
          options={["none", "discount", "pause"].map((value) => ({
            value,
            label: t(`memberships_admin:retention_kind_${value}`),
          }))}
        />
        {kind === "discount" && (
          <Field
            label={t("memberships_admin:retention_percent")}
            name="percent"
            inputMode="numeric"
            defaultValue={offer?.kind === "discount" ? String(offer.percent) : ""}
            errors={errors.percent}
          />
        )}
        {kind !== "none" && (
          <Field
            label={t("memberships_admin:retention_periods")}
            name="periods"
            inputMode="numeric"
            defaultValue={offer ? String(offer.periods) : ""}
            errors={errors.periods}
          />
        )}
        <Button type="submit" disabled={pending}>
          {t("memberships_admin:retention_save")}
        </Button>
      </form>
    </section>
  );
}
