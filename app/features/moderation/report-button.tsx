// 'Report' on a post, a comment or a reply (issue 14, item 8): a dialog with the reasons (spam, abuse, off-topic,
// other) and optional words (at most 500 characters), sent to POST /json/report. Shown to signed-in members on what
// others wrote (the caller decides; the server refuses the rest). Reporting again while the first report is open
// is answered like the first time.
import { useId, useState } from "react";
import { Eye, EyeOff, Flag } from "lucide-react";
import { REPORT_TEXT_MAX, reportReasons } from "#core/moderation/schemas.ts";
import type { ReportableType, ReportReason } from "#platform/db/schema.ts";
import { ApiError, api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { Badge } from "#app/ui/badge.tsx";
import { Button } from "#app/ui/button.tsx";
import { Dialog } from "#app/ui/dialog.tsx";
import { FormAlert } from "#app/ui/field.tsx";
import { toast } from "#app/ui/toast.tsx";

export function ReportButton({ type, id, authorName }: { type: ReportableType; id: number; authorName: string }) {
  const t = useT();
  const formId = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const length = [...text.trim()].length;

  function reset(next: boolean) {
    setOpen(next);
    if (!next) {
      setReason(null);
      setText("");
      setError(undefined);
    }
  }

  async function send() {
    if (!reason) {
      setError(t("moderation:choose_reason"));
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await api("POST", "/json/report", { type, id, reason, text });
      toast.success(t("moderation:reported_toast"));
      reset(false);
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 422) setError(failure.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={reset}
      title={t(`moderation:report_title_${type}`)}
      description={t("moderation:report_text")}
      trigger={
        <Button
          variant="ghost"
          className="px-2"
          aria-label={t(`moderation:report_label_${type}`, { name: authorName })}
        >
          <Flag aria-hidden className="size-4" />
          {t("moderation:report")}
        </Button>
      }
    >
      <form
        className="mt-4 flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-ink">{t("moderation:reason")}</legend>
          {reportReasons.map((value) => (
            <label key={value} className="flex min-h-10 items-center gap-3 rounded-md px-2 text-sm hover:bg-gray-50">
              <input
                type="radio"
                name={`${formId}-reason`}
                value={value}
                checked={reason === value}
                onChange={() => setReason(value)}
                className="size-4 accent-brand-600"
              />
              {t(`moderation:${value}_reason`)}
            </label>
          ))}
        </fieldset>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${formId}-text`} className="text-sm font-medium text-ink">
            {t("moderation:details")}
          </label>
          <textarea
            id={`${formId}-text`}
            value={text}
            onChange={(event) => setText(event.target.value)}
            rows={3}
            aria-describedby={`${formId}-count`}
            className="rounded-md border border-gray-300 px-3 py-2 text-base shadow-sm sm:text-sm"
          />
          <p
            id={`${formId}-count`}
            className={length > REPORT_TEXT_MAX ? "text-xs text-red-700" : "text-xs text-muted"}
          >
            {t("moderation:characters", { count: length, max: REPORT_TEXT_MAX })}
          </p>
        </div>
        <FormAlert message={error} />
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="secondary" onClick={() => reset(false)}>
            {t("moderation:cancel")}
          </Button>
          <Button type="submit" disabled={busy || length > REPORT_TEXT_MAX}>
            {t("moderation:send_report")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** An admin's mark on a hidden item ('Hidden', not seen by students), with 'Unhide'. */
export function HiddenMark({ type, id, onUnhidden }: { type: ReportableType; id: number; onUnhidden: () => void }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  async function unhide() {
    setBusy(true);
    try {
      await api("POST", "/home/moderation/unhide", { type, id });
      toast.success(t("moderation:unhidden_toast"));
      onUnhidden();
    } catch {
      // the api wrapper has shown the toast
    } finally {
      setBusy(false);
    }
  }
  return (
    <span className="inline-flex items-center gap-1">
      <Badge tone="warning" icon={EyeOff} title={t("moderation:hidden_hint")}>
        {t("moderation:hidden")}
      </Badge>
      <Button variant="ghost" className="px-2" disabled={busy} onClick={unhide}>
        <Eye aria-hidden className="size-4" />
        {t("moderation:unhide")}
      </Button>
    </span>
  );
}
