// Tabs. `Tabs`: Radix Tabs for panels on one page (arrow keys move between tabs, one tab stop, the panel is
// labelled by its tab); the caller may keep the chosen tab in the address. `LinkTabs`: one link per page of an
// area, the current one marked with aria-current, for tabs the server renders (no script needed).
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Tabs as RadixTabs } from "radix-ui";
import { clsx } from "clsx";

export type TabItem<Value extends string> = { value: Value; label: string; content: ReactNode; className?: string };

const triggerClass =
  "min-h-10 flex-1 rounded-md px-3 py-2 text-sm font-semibold text-muted hover:text-ink data-[state=active]:bg-white data-[state=active]:text-ink data-[state=active]:shadow-sm sm:flex-none sm:px-5";

export function Tabs<Value extends string>({
  label,
  value,
  onValueChange,
  items,
}: {
  label: string;
  value: Value;
  onValueChange: (value: Value) => void;
  items: TabItem<Value>[];
}) {
  return (
    <RadixTabs.Root
      value={value}
      onValueChange={(next) => onValueChange(next as Value)}
      className="flex flex-col gap-6"
    >
      <RadixTabs.List aria-label={label} className="flex gap-1 rounded-lg bg-gray-100 p-1">
        {items.map((item) => (
          <RadixTabs.Trigger key={item.value} value={item.value} className={triggerClass}>
            {item.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {items.map((item) => (
        <RadixTabs.Content key={item.value} value={item.value} className={clsx("focus:outline-none", item.className)}>
          {item.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}

export type LinkTab = { to: string; label: string; current: boolean };

/** Server-driven tabs: a row of links on narrow screens; with `sideOnWide`, a column beside the content from md. */
export function LinkTabs({
  label,
  tabs,
  sideOnWide = false,
}: {
  label: string;
  tabs: LinkTab[];
  sideOnWide?: boolean;
}) {
  return (
    <nav aria-label={label} className={clsx(sideOnWide && "md:w-56 md:shrink-0")}>
      <ul
        className={clsx(
          "-mx-4 flex gap-1 overflow-x-auto border-b border-gray-200 px-4",
          sideOnWide && "md:mx-0 md:flex-col md:border-b-0 md:px-0",
        )}
      >
        {tabs.map((tab) => (
          <li key={tab.to} className="shrink-0">
            <Link
              to={tab.to}
              aria-current={tab.current ? "page" : undefined}
              className={clsx(
                "block border-b-2 px-3 py-2 text-sm font-semibold whitespace-nowrap",
                sideOnWide && "md:rounded-md md:border-b-0",
                tab.current
                  ? clsx("border-brand-600 text-brand-700", sideOnWide && "md:bg-brand-50")
                  : clsx("border-transparent text-muted hover:text-ink", sideOnWide && "md:hover:bg-gray-100"),
              )}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
