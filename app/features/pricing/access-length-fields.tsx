// The access length's choice (no limit / a number of days / until a date) and the field the choice asks for.
// `texts`: the editor's namespace; both have the same keys.
import type { FieldMessages } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import type { InputProps } from "#app/lib/use-editor-form.ts";
import { Field } from "#app/ui/field.tsx";
import { type AccessMode, accessModes } from "./access-length.ts";

export function AccessLengthFields({
  texts,
  mode,
  onModeChange,
  days,
  endsAt,
  daysHint,
  errors,
}: {
  texts: "products" | "authoring";
  mode: AccessMode;
  onModeChange: (mode: AccessMode) => void;
  days: InputProps;
  endsAt: InputProps;
  daysHint?: string;
  errors: FieldMessages;
}) {
  const t = useT();
  return (
    <>
      <fieldset className="flex flex-col gap-3">
        <legend className="text-sm font-medium text-ink">{t(`${texts}:access_length`)}</legend>
        {accessModes.map((option) => (
          <label key={option} className="flex min-h-6 items-center gap-2 text-sm text-ink">
            <input
              type="radio"
              name="access_mode"
              value={option}
              checked={mode === option}
              onChange={() => onModeChange(option)}
              className="size-4 accent-brand-600"
            />
            {t(`${texts}:access_mode_${option}`)}
          </label>
        ))}
      </fieldset>
      {mode === "days" && (
        <Field
          label={t(`${texts}:access_days`)}
          name="access_days"
          inputMode="numeric"
          className="sm:max-w-xs"
          hint={daysHint}
          errors={errors.access_days}
          {...days}
        />
      )}
      {mode === "date" && (
        <Field
          label={t(`${texts}:access_ends_at`)}
          name="access_ends_at"
          type="date"
          className="sm:max-w-xs"
          errors={errors.access_ends_at}
          {...endsAt}
        />
      )}
    </>
  );
}
