// "Are you sure?" (spec §2: delete confirmation dialog; generic confirm dialog): nothing happens until the person
// confirms; Escape or Cancel closes it. While the action runs the dialog stays open and cannot be dismissed, then
// it closes (also after a failure, which the api wrapper has reported). With `typeToConfirm` the person must type
// the word (DELETE) before the button works.
import { type ReactNode, useId, useState } from "react";
import { AlertDialog } from "radix-ui";
import { useT } from "#app/lib/i18n.tsx";
import { Button } from "./button.tsx";

export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel,
  busyLabel,
  cancelLabel,
  typeToConfirm,
  onConfirm,
}: {
  trigger: ReactNode;
  title: string;
  description: string;
  confirmLabel: string;
  /** the confirm button's text while the action runs */
  busyLabel?: string;
  cancelLabel?: string;
  typeToConfirm?: string;
  /** resolves when done; failures are reported by the api wrapper */
  onConfirm: () => Promise<unknown> | void;
}) {
  const t = useT();
  const inputId = useId();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [typed, setTyped] = useState("");
  const ready = !typeToConfirm || typed === typeToConfirm;

  async function confirm() {
    if (!ready || busy) return;
    setBusy(true);
    try {
      await onConfirm();
    } catch {
      // shown by the api wrapper's toast
    } finally {
      setBusy(false);
      setOpen(false);
      setTyped("");
    }
  }

  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        setOpen(next);
        if (!next) setTyped("");
      }}
    >
      <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-gray-900/40" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl focus:outline-none">
          <AlertDialog.Title className="text-lg font-semibold text-ink">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm break-words text-muted">
            {description}
          </AlertDialog.Description>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              // React events bubble through portals along the component tree: a dialog opened from inside another
              // form (the cover image in the course form) would otherwise submit that form too.
              event.stopPropagation();
              void confirm();
            }}
          >
            {typeToConfirm && (
              <div className="mt-4 flex flex-col gap-1">
                <label htmlFor={inputId} className="text-sm font-medium text-ink">
                  {t("ui:type_to_confirm", { word: typeToConfirm })}
                </label>
                <input
                  id={inputId}
                  value={typed}
                  onChange={(event) => setTyped(event.target.value)}
                  autoComplete="off"
                  spellCheck={false}
                  className="min-h-10 rounded-md border border-gray-300 bg-white px-3 py-2 font-mono text-base text-ink shadow-sm sm:text-sm"
                />
              </div>
            )}
            <div className="mt-6 flex flex-wrap justify-end gap-2">
              <AlertDialog.Cancel asChild>
                <Button variant="secondary" disabled={busy}>
                  {cancelLabel ?? t("cancel")}
                </Button>
              </AlertDialog.Cancel>
              <Button type="submit" variant="danger" disabled={!ready || busy}>
                {busy && busyLabel ? busyLabel : confirmLabel}
              </Button>
            </div>
          </form>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
