// A small coloured label (a status, a kind, a rating). The tone carries the meaning's colour; the words carry
// the meaning itself, so nothing depends on colour alone.
import type { HTMLAttributes, ReactNode } from "react";
import type { LucideIcon } from "lucide-react";
import { clsx } from "clsx";

export type BadgeTone = "neutral" | "success" | "warning" | "danger" | "info";

const tones: Record<BadgeTone, string> = {
  neutral: "bg-gray-100 text-gray-700 ring-gray-500/30",
  success: "bg-emerald-50 text-emerald-800 ring-emerald-600/30",
  warning: "bg-amber-50 text-amber-900 ring-amber-600/30",
  danger: "bg-red-50 text-red-800 ring-red-600/30",
  info: "bg-brand-50 text-brand-700 ring-brand-600/30",
};

export function Badge({
  tone = "neutral",
  icon: Icon,
  className,
  children,
  ...span
}: HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone; icon?: LucideIcon; children: ReactNode }) {
  return (
    <span
      className={clsx(
        "inline-flex w-fit shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset",
        tones[tone],
        className,
      )}
      {...span}
    >
      {Icon && <Icon aria-hidden className="size-3.5" />}
      {children}
    </span>
  );
}
