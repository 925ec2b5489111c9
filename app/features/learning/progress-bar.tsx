// The course progress as a bar with its percentage ("40% complete").
import { useT } from "#app/lib/i18n.tsx";

export function ProgressBar({ percent, className }: { percent: number; className?: string }) {
  const t = useT();
  const label = t("learning:progress", { percent });
  return (
    <div className={className}>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 w-full overflow-hidden rounded-full bg-gray-200"
      >
        <div className="h-full rounded-full bg-emerald-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-1 text-xs font-medium text-muted" aria-hidden>
        {label}
      </p>
    </div>
  );
}
