// The brand colour and the text colour on it, each a #rrggbb field with a colour picker beside it, and a live
// preview of a button and a link with the WCAG AA contrast warnings (core/school/brand-contrast.ts): a warning,
// never a refusal. Empty fields mean the default blue and white.
import { useId, useState } from "react";
import {
  AA_TEXT_RATIO,
  DEFAULT_BRAND_COLOR,
  DEFAULT_BRAND_TEXT_COLOR,
  brandContrastWarnings,
  isHexColor,
} from "#core/school/brand-contrast.ts";
import { useT } from "#app/lib/i18n.tsx";
import { useRootData } from "#app/lib/root-data.ts";
import { FieldShell } from "#app/ui/field-shell.tsx";

function ColorField({
  label,
  name,
  value,
  fallback,
  onChange,
  errors,
  hint,
}: {
  label: string;
  name: string;
  value: string;
  fallback: string;
  onChange: (value: string) => void;
  errors?: string[];
  hint: string;
}) {
  const t = useT();
  return (
    <FieldShell label={label} name={name} hint={hint} errors={errors}>
      {(control) => (
        <div className="flex items-center gap-2">
          <input
            type="color"
            aria-label={t("site:color_picker", { field: label })}
            value={isHexColor(value) ? value.toLowerCase() : fallback}
            onChange={(event) => onChange(event.target.value)}
            className="h-10 w-12 shrink-0 cursor-pointer rounded-md border border-gray-300 bg-white p-1"
          />
          <input
            id={control.id}
            name={name}
            value={value}
            placeholder={fallback}
            maxLength={7}
            spellCheck={false}
            autoComplete="off"
            onChange={(event) => onChange(event.target.value)}
            aria-invalid={control.invalid || undefined}
            aria-describedby={control.describedBy}
            className={`min-h-10 w-32 font-mono ${control.controlClass}`}
          />
        </div>
      )}
    </FieldShell>
  );
}

export function BrandColors({
  initial,
  errors,
}: {
  initial: { brand_color: string; brand_text_color: string };
  errors: { brand_color?: string[]; brand_text_color?: string[] };
}) {
  const t = useT();
  const id = useId();
  const number = new Intl.NumberFormat(useRootData()?.lang === "pl" ? "pl-PL" : "en-GB");
  const [brand, setBrand] = useState(initial.brand_color);
  const [text, setText] = useState(initial.brand_text_color);
  const warnings = brandContrastWarnings({ brand_color: brand, brand_text_color: text });
  const shownBrand = isHexColor(brand) ? brand : DEFAULT_BRAND_COLOR;
  const shownText = isHexColor(text) ? text : DEFAULT_BRAND_TEXT_COLOR;
  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <ColorField
          label={t("site:brand_color")}
          name="brand_color"
          value={brand}
          fallback={DEFAULT_BRAND_COLOR}
          onChange={setBrand}
          errors={errors.brand_color}
          hint={t("site:brand_color_hint")}
        />
        <ColorField
          label={t("site:brand_text_color")}
          name="brand_text_color"
          value={text}
          fallback={DEFAULT_BRAND_TEXT_COLOR}
          onChange={setText}
          errors={errors.brand_text_color}
          hint={t("site:brand_text_color_hint")}
        />
      </div>
      <div
        aria-labelledby={`${id}-preview`}
        role="group"
        className="flex flex-wrap items-center gap-4 rounded-lg bg-gray-50 p-4 ring-1 ring-gray-200"
      >
        <span id={`${id}-preview`} className="text-sm text-muted">
          {t("site:preview")}
        </span>
        <span
          className="rounded-md px-3 py-2 text-sm font-semibold"
          style={{ background: shownBrand, color: shownText }}
          data-testid="brand-preview-button"
        >
          {t("site:preview_button")}
        </span>
        <span className="text-sm font-semibold underline underline-offset-4" style={{ color: shownBrand }}>
          {t("site:preview_link")}
        </span>
      </div>
      {warnings.length > 0 && (
        <div
          role="status"
          data-notice="contrast"
          className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
        >
          <ul className="flex flex-col gap-1">
            {warnings.map((warning) => (
              <li key={warning.pair}>
                {t(`site:contrast_${warning.pair}`, {
                  ratio: number.format(warning.ratio),
                  min: number.format(AA_TEXT_RATIO),
                })}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
