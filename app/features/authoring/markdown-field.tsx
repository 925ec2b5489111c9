// A markdown textarea with a preview (the course description, markdown components): "Write" shows the text,
// "Preview" shows it rendered exactly as students will see it (the watch page's renderer).
import { useId, useState } from "react";
import { clsx } from "clsx";
import { useT } from "#app/lib/i18n.tsx";
import { MarkdownText } from "#app/features/learning/components/markdown-text.tsx";

export function MarkdownField({
  label,
  name,
  value,
  onChange,
  errors,
  hint,
  rows = 8,
  maxLength,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  errors?: string[];
  hint?: string;
  rows?: number;
  maxLength?: number;
}) {
  const t = useT();
  const id = useId();
  const [preview, setPreview] = useState(false);
  const invalid = Boolean(errors?.length);
  const tab = (on: boolean) =>
    clsx(
      "rounded-md px-3 py-1 text-sm font-medium",
      on ? "bg-white text-ink shadow-sm ring-1 ring-gray-300" : "text-muted hover:text-ink",
    );
  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-ink">
          {label}
        </label>
        <div
          role="group"
          aria-label={t("authoring:markdown_view", { field: label })}
          className="flex gap-1 rounded-lg bg-gray-100 p-1"
        >
          <button type="button" aria-pressed={!preview} className={tab(!preview)} onClick={() => setPreview(false)}>
            {t("authoring:markdown_write")}
          </button>
          <button type="button" aria-pressed={preview} className={tab(preview)} onClick={() => setPreview(true)}>
            {t("authoring:markdown_preview")}
          </button>
        </div>
      </div>
      {/* The textarea stays in the form while the preview shows, so the form still sends it. */}
      <textarea
        id={id}
        name={name}
        rows={rows}
        maxLength={maxLength}
        value={value}
        hidden={preview}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-error` : `${id}-hint`}
        className={clsx(
          "rounded-md border bg-white px-3 py-2 font-mono text-sm text-ink shadow-sm",
          invalid ? "border-red-600" : "border-gray-300",
        )}
      />
      {preview && (
        <div
          data-testid="markdown-preview"
          className="min-h-24 rounded-md border border-dashed border-gray-300 bg-white px-4 py-3"
        >
          {value.trim() ? (
            <MarkdownText markdown={value} />
          ) : (
            <p className="text-sm text-muted">{t("authoring:markdown_empty")}</p>
          )}
        </div>
      )}
      {!invalid && (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint ?? t("authoring:markdown_hint")}
        </p>
      )}
      {invalid && (
        <p id={`${id}-error`} className="text-sm text-red-700" data-field-error={name}>
          {errors!.join(" ")}
        </p>
      )}
    </div>
  );
}
