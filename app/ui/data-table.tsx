// An admin list as a table: one column definition per column (header, cell, and the classes that hide a column
// on narrow screens), the rows, and the row attributes tests and styles hook on. It scrolls sideways when wider
// than the screen. Paging and filters live in the address (pager.tsx, filter-form.tsx), so it needs no script.
import type { HTMLAttributes, ReactNode } from "react";
import { clsx } from "clsx";

export type Column<Row> = {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** on the header and every cell, e.g. "hidden md:table-cell" or "whitespace-nowrap" */
  className?: string;
  align?: "left" | "right";
  /** the cell names its row (a <th scope="row">, e.g. the product of a sales line) */
  rowHeader?: boolean;
  /** "tight": less padding on narrow screens (a column of buttons) */
  padding?: "normal" | "tight";
};

const padding = { normal: "px-4 py-3", tight: "px-2 py-2 sm:px-4" } as const;

export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  rowProps,
  framed = false,
  className,
}: {
  /** what the table lists, for screen readers */
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
  /** data attributes or a highlight class for one row */
  rowProps?: (row: Row) => HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, string | number>;
  /** a card of its own (true), or a table inside a panel that already is one */
  framed?: boolean;
  className?: string;
}) {
  return (
    // `relative`: the screen-reader-only texts in the cells are absolutely positioned; without a positioned
    // ancestor here they hang off the page, not the scrolling box, and a phone's page scrolls sideways.
    <div
      className={clsx(
        "relative overflow-x-auto",
        framed && "rounded-xl bg-white shadow-sm ring-1 ring-gray-200",
        className,
      )}
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-gray-200 bg-gray-50 text-xs font-semibold tracking-wide text-muted uppercase">
          <tr>
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                className={clsx("px-4 py-3", column.align === "right" && "text-right", column.className)}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {rows.map((row) => (
            <tr key={rowKey(row)} {...rowProps?.(row)}>
              {columns.map((column) => {
                const Cell = column.rowHeader ? "th" : "td";
                return (
                  <Cell
                    key={column.key}
                    scope={column.rowHeader ? "row" : undefined}
                    className={clsx(
                      padding[column.padding ?? "normal"],
                      "align-top",
                      column.rowHeader && "font-medium",
                      column.align === "right" ? "text-right" : "text-left",
                      column.className,
                    )}
                  >
                    {column.cell(row)}
                  </Cell>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
