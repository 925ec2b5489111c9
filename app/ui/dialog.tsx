// A modal dialog on Radix Dialog: focus moves in and is trapped, Escape and the close button close it, the focus
// goes back to the button that opened it. `placement`: a centred card (default), a panel from the top (search)
// or a drawer from the left (the admin menu on narrow screens; `className` can hide it on wide ones).
import type { ComponentProps, ReactNode } from "react";
import { Dialog as RadixDialog } from "radix-ui";
import { X } from "lucide-react";
import { clsx } from "clsx";
import { useT } from "#app/lib/i18n.tsx";

type Placement = "center" | "top" | "drawer";

const contentLook: Record<Placement, string> = {
  center: "top-1/2 left-1/2 max-h-[calc(100vh-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg p-6",
  top: "inset-x-0 top-0 mx-auto flex max-h-[90vh] w-full max-w-2xl flex-col overflow-y-auto p-4 sm:top-[10vh] sm:rounded-xl sm:p-6",
  drawer: "inset-y-0 left-0 flex w-72 max-w-[85vw] flex-col",
};

const widths = { sm: "w-[min(28rem,calc(100vw-2rem))]", md: "w-[min(36rem,calc(100vw-2rem))]" } as const;

export function Dialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  placement = "center",
  size = "sm",
  className,
  onOpenAutoFocus,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** the button that opens it (rendered as is, with Radix's trigger behaviour); none when the page opens it */
  trigger?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  placement?: Placement;
  size?: keyof typeof widths;
  /** added to the overlay and the content (e.g. "lg:hidden") */
  className?: string;
  onOpenAutoFocus?: ComponentProps<typeof RadixDialog.Content>["onOpenAutoFocus"];
  children: ReactNode;
}) {
  const t = useT();
  const drawer = placement === "drawer";
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={clsx("fixed inset-0 z-40 bg-gray-900/40", className)} />
        <RadixDialog.Content
          // Without a description, tell Radix so explicitly (it warns otherwise).
          {...(description ? {} : { "aria-describedby": undefined })}
          onOpenAutoFocus={onOpenAutoFocus}
          className={clsx(
            "fixed z-50 bg-white shadow-xl focus:outline-none",
            contentLook[placement],
            placement === "center" && widths[size],
            className,
          )}
        >
          <div
            className={clsx(
              "flex items-center justify-between gap-4",
              drawer ? "h-16 border-b border-gray-200 pr-2 pl-6" : placement === "top" ? "mb-4" : "",
            )}
          >
            <RadixDialog.Title
              className={clsx("text-lg text-ink", placement === "center" ? "font-semibold" : "truncate font-bold")}
            >
              {title}
            </RadixDialog.Title>
            <RadixDialog.Close
              aria-label={t("close")}
              className={clsx(
                "inline-flex size-10 shrink-0 items-center justify-center rounded-md hover:bg-gray-100",
                placement === "center" && "-mt-2 -mr-2 self-start",
              )}
            >
              <X aria-hidden className="size-5" />
            </RadixDialog.Close>
          </div>
          {description && (
            <RadixDialog.Description className="mt-2 text-sm text-muted">{description}</RadixDialog.Description>
          )}
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** A button inside the dialog that closes it (Cancel). */
export function DialogClose({ children }: { children: ReactNode }) {
  return <RadixDialog.Close asChild>{children}</RadixDialog.Close>;
}
