// An admin turns a comment into a review of the course (§3, §6): positive (10), neutral (5) or negative (1).
import { useState } from "react";
import { Dialog } from "radix-ui";
import { Star, X } from "lucide-react";
import { api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { Button } from "#app/ui/button.tsx";
import { toast } from "#app/ui/toast.tsx";

export function ReviewDialog({ commentId }: { commentId: number }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  async function choose(rating: 10 | 5 | 1) {
    setBusy(true);
    try {
      await api("POST", `/comments/${commentId}/review`, { rating });
      toast.success(t("discussion:review_created"));
      setOpen(false);
    } catch {
      // the api wrapper has shown the toast
    } finally {
      setBusy(false);
    }
  }

  const options = [
    { rating: 10, label: t("discussion:rating_positive") },
    { rating: 5, label: t("discussion:rating_neutral") },
    { rating: 1, label: t("discussion:rating_negative") },
  ] as const;
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="ghost" className="px-2">
          <Star aria-hidden className="size-4" />
          {t("discussion:turn_into_review")}
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-gray-900/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl focus:outline-none">
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-semibold text-ink">{t("discussion:review_title")}</Dialog.Title>
            <Dialog.Close
              aria-label={t("close")}
              className="-mt-2 -mr-2 inline-flex size-10 items-center justify-center rounded-md hover:bg-gray-100"
            >
              <X aria-hidden className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-2 text-sm text-muted">{t("discussion:review_text")}</Dialog.Description>
          <div className="mt-6 flex flex-wrap gap-2">
            {options.map((option) => (
              <Button
                key={option.rating}
                variant={option.rating === 10 ? "primary" : "secondary"}
                disabled={busy}
                onClick={() => choose(option.rating)}
              >
                {option.label}
              </Button>
            ))}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
