// An admin turns a comment into a review of the course (§3, §6): positive (10), neutral (5) or negative (1).
import { useState } from "react";
import { Star } from "lucide-react";
import { api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { Button } from "#app/ui/button.tsx";
import { Dialog } from "#app/ui/dialog.tsx";
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
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={t("discussion:review_title")}
      description={t("discussion:review_text")}
      trigger={
        <Button variant="ghost" className="px-2">
          <Star aria-hidden className="size-4" />
          {t("discussion:turn_into_review")}
        </Button>
      }
    >
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
    </Dialog>
  );
}
