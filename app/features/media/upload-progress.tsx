// An upload's progress, 0-100 %, as a labelled progress bar that screen readers announce.
import { useT } from "#app/lib/i18n.tsx";

export function UploadProgress({ percent, label }: { percent: number; label?: string }) {
  const t = useT();
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div className="flex w-full max-w-sm flex-col gap-1">
      <div className="flex justify-between text-sm text-ink">
        <span>{label ?? t("media:uploading")}</span>
        <span aria-hidden>{value}%</span>
      </div>
      <div
        role="progressbar"
        aria-label={t("media:upload_progress")}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={`${value}%`}
        className="h-2 w-full overflow-hidden rounded-full bg-gray-200"
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${value}%` }} />
      </div>
    </div>
  );
}
