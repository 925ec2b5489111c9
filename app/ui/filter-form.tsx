// A list's filters as a GET form: the filters live in the address, so a filtered list can be bookmarked and the
// form works before hydration. The fields are the caller's; the form adds Apply and, when given, Clear.
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { Search } from "lucide-react";
import { clsx } from "clsx";
import { Button, buttonClass } from "./button.tsx";

export function FilterForm({
  label,
  action,
  submitLabel,
  clear,
  layout = "row",
  children,
}: {
  label: string;
  /** the list's address (without a query) */
  action: string;
  submitLabel: string;
  /** a link back to the unfiltered list, when shown */
  clear?: { label: string };
  /** "grid": many fields in columns; "row": a few fields side by side */
  layout?: "grid" | "row";
  children: ReactNode;
}) {
  return (
    <Form
      method="get"
      action={action}
      role="search"
      aria-label={label}
      className={clsx(
        "gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200",
        layout === "grid"
          ? "grid grid-cols-1 sm:grid-cols-2 sm:p-6 lg:grid-cols-3"
          : "flex flex-col gap-3 sm:flex-row sm:items-end",
      )}
    >
      {children}
      <div className={clsx("flex flex-wrap items-end gap-2", layout === "grid" && "sm:col-span-2 lg:col-span-1")}>
        <Button type="submit" variant={layout === "grid" ? "primary" : "secondary"}>
          {layout === "grid" && <Search aria-hidden className="size-4" />}
          {submitLabel}
        </Button>
        {clear && (
          <Link to={action} className={buttonClass("ghost")}>
            {clear.label}
          </Link>
        )}
      </div>
    </Form>
  );
}
