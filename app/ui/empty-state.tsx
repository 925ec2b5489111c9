// What a list shows when it has nothing: a dashed card with a line of text (and, when useful, a second line or
// an action). `plain`: a muted line inside a panel that already frames the list.
import type { ReactNode } from "react";
import { clsx } from "clsx";

export function EmptyState({
  title,
  text,
  action,
  plain = false,
  className,
}: {
  title: ReactNode;
  text?: ReactNode;
  action?: ReactNode;
  plain?: boolean;
  className?: string;
}) {
  if (plain) return <p className={clsx("text-sm text-muted", className)}>{title}</p>;
  return (
    <div
      className={clsx("rounded-xl border border-dashed border-gray-300 bg-white p-8 text-center", className)}
    >
      <p className="font-semibold">{title}</p>
      {text && <p className="mt-1 text-muted">{text}</p>}
      {action && <div className="mt-4 flex justify-center">{action}</div>}
    </div>
  );
}
