// What a list shows when it has nothing: a dashed card with a title and/or a line of text, and, where useful, an
// icon and an action (browse the courses, create the first one). `plain`: a muted line inside a panel that
// already frames the list.
import type { HTMLAttributes, ReactNode } from "react";
import type { LucideIcon } from "lucide-react";
import { clsx } from "clsx";

export function EmptyState({
  title,
  text,
  icon: Icon,
  action,
  plain = false,
  className,
  ...div
}: Omit<HTMLAttributes<HTMLDivElement>, "title"> & {
  title?: ReactNode;
  text?: ReactNode;
  icon?: LucideIcon;
  action?: ReactNode;
  plain?: boolean;
}) {
  if (plain)
    return (
      <p className={clsx("text-muted", className)} {...div}>
        {title ?? text}
      </p>
    );
  return (
    <div
      className={clsx(
        "flex flex-col items-center gap-1 rounded-xl border border-dashed border-gray-300 bg-white text-center",
        Icon ? "px-6 py-12" : "p-6 sm:p-8",
        className,
      )}
      {...div}
    >
      {Icon && <Icon aria-hidden className="mb-2 size-10 text-gray-400" />}
      {title && <p className="font-semibold">{title}</p>}
      {text && <p className="text-muted">{text}</p>}
      {action && <div className="mt-3">{action}</div>}
    </div>
  );
}
