// A section's or a lecture's drip release in the curriculum editor: a button showing the rule ("Opens 3 days
// after access", "Opens 3 December 2026, 09:00") that opens a dialog to choose none, N days after the student's
// access began, or a date and time on the school's clock (converted to UTC here, as the live event's start is).
// Checked with the server's own schema before sending; the server checks again (PUT .../drip).
import { type FormEvent, useState } from "react";
import { CalendarClock } from "lucide-react";
import { DRIP_DAYS_MAX, dripModes, dripSchema } from "#core/catalog/authoring-schemas.ts";
import { fieldErrorsOf } from "#core/validation.ts";
import { formatLongDateTime } from "#platform/i18n/format.ts";
import { utcToZoned, zonedToUtc } from "#platform/i18n/time-zone.ts";
import { ApiError, api, type FieldMessages } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { useRootData, useTimeZone } from "#app/lib/root-data.ts";
import { Button } from "#app/ui/button.tsx";
import { Dialog, DialogClose } from "#app/ui/dialog.tsx";
import { Field } from "#app/ui/field.tsx";
import { SelectField } from "#app/ui/select-field.tsx";
import { toast } from "#app/ui/toast.tsx";

export type DripValue = { drip_days: number | null; drip_at: string | null };

/** The rule in words, or null when there is none. */
export function useDripSummary() {
  const t = useT();
  const lang = useRootData()?.lang ?? "en";
  const zone = useTimeZone();
  return (drip: DripValue): string | null => {
    if (drip.drip_at) return t("authoring:drip_opens_on", { date: formatLongDateTime(drip.drip_at, lang, zone) });
    if (drip.drip_days) return t("authoring:drip_opens_after", { count: drip.drip_days });
    return null;
  };
}

export function DripDialog({
  url,
  name,
  drip,
  onSaved,
}: {
  /** the section's or lecture's address; the call is PUT {url}/drip */
  url: string;
  /** the section's or lecture's title, for the button's and the dialog's names */
  name: string;
  drip: DripValue;
  onSaved: () => void;
}) {
  const t = useT();
  const zone = useTimeZone();
  const summary = useDripSummary()(drip);
  const initial = () => ({
    mode: drip.drip_at ? "date" : drip.drip_days ? "days" : "none",
    days: drip.drip_days ? String(drip.drip_days) : "",
    at: drip.drip_at ? utcToZoned(drip.drip_at, zone) : "",
  });
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldMessages>({});
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const days = values.days.trim();
    const body = {
      mode: values.mode,
      drip_days: values.mode !== "days" ? null : /^\d+$/.test(days) ? Number(days) : days,
      // a time the school's clock cannot show (or an empty field) is refused as a bad date
      drip_at: values.mode !== "date" ? null : values.at ? (zonedToUtc(values.at, zone) ?? values.at) : null,
    };
    const checked = dripSchema.safeParse(body);
    if (!checked.success) {
      const fields = fieldErrorsOf(checked.error, body);
      setErrors(
        Object.fromEntries(Object.entries(fields).map(([f, list]) => [f, list.map((m) => t(m.key, m.values ?? {}))])),
      );
      return;
    }
    setPending(true);
    setErrors({});
    try {
      await api("PUT", `${url}/drip`, body);
      toast.success(t("saved"));
      setOpen(false);
      onSaved();
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) setErrors(error.errors);
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) {
          setValues(initial());
          setErrors({});
        }
        setOpen(next);
      }}
      size="md"
      title={t("authoring:drip_title", { title: name })}
      trigger={
        <Button variant="ghost" className="-my-2 self-start px-2 text-xs font-medium text-muted">
          <CalendarClock aria-hidden className="size-4" />
          {/* The visible rule starts the button's name (WCAG 2.5.3); the section or lecture it belongs to follows. */}
          <span data-testid="drip-summary">{summary ?? t("authoring:drip_none_short")}</span>
          <span className="sr-only">, {t("authoring:drip_edit", { title: name })}</span>
        </Button>
      }
    >
      <form onSubmit={submit} noValidate className="mt-4 flex flex-col gap-4">
        <p className="text-sm text-muted">{t("authoring:drip_hint")}</p>
        <SelectField
          label={t("authoring:drip_mode")}
          name="mode"
          value={values.mode}
          onChange={(event) => setValues({ ...values, mode: event.target.value })}
          errors={errors.mode}
          options={dripModes.map((value) => ({ value, label: t(`authoring:drip_mode_${value}`) }))}
        />
        {values.mode === "days" && (
          <Field
            label={t("authoring:drip_days")}
            name="drip_days"
            inputMode="numeric"
            min={1}
            max={DRIP_DAYS_MAX}
            value={values.days}
            onChange={(event) => setValues({ ...values, days: event.target.value })}
            errors={errors.drip_days}
            className="sm:max-w-xs"
          />
        )}
        {values.mode === "date" && (
          <Field
            label={t("authoring:drip_at", { zone: zone.replaceAll("_", " ") })}
            name="drip_at"
            type="datetime-local"
            value={values.at}
            onChange={(event) => setValues({ ...values, at: event.target.value })}
            errors={errors.drip_at}
            className="sm:max-w-xs"
          />
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose>
            <Button variant="secondary">{t("cancel")}</Button>
          </DialogClose>
          <Button type="submit" disabled={pending}>
            {t("save")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
