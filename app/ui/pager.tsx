// Server-driven paging: plain links carrying the page (and the list's filters) in the address, so it works before
// hydration and a page can be bookmarked. Previous / next, and on wider screens the page numbers (page-range.ts).
import { Link } from "react-router";
import { clsx } from "clsx";
import { useT } from "#app/lib/i18n.tsx";
import { buttonClass } from "./button.tsx";
import { pageRange } from "./page-range.ts";

export function Pager({
  page,
  pages,
  hrefFor,
  label,
  previousLabel,
  nextLabel,
}: {
  page: number;
  pages: number;
  hrefFor: (page: number) => string;
  /** the navigation's name (default "Pages") */
  label?: string;
  previousLabel?: string;
  nextLabel?: string;
}) {
  const t = useT();
  if (pages <= 1) return null;
  return (
    <nav aria-label={label ?? t("ui:pages")} className="flex flex-wrap items-center justify-between gap-3">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={buttonClass("secondary")} rel="prev">
          {previousLabel ?? t("ui:previous")}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-muted sm:hidden">{t("ui:page_of", { page, pages })}</span>
      <ul className="hidden items-center gap-1 sm:flex">
        {pageRange(page, pages).map((item, index) =>
          item === "gap" ? (
            <li key={`gap-${index}`} aria-hidden className="px-1 text-muted">
              …
            </li>
          ) : (
            <li key={item}>
              <Link
                to={hrefFor(item)}
                aria-label={t(item === page ? "ui:page_current" : "ui:page", { page: item })}
                aria-current={item === page ? "page" : undefined}
                className={clsx(
                  "inline-flex size-10 items-center justify-center rounded-md text-sm font-semibold tabular-nums",
                  item === page ? "bg-brand-600 text-white" : "text-ink hover:bg-gray-100",
                )}
              >
                {item}
              </Link>
            </li>
          ),
        )}
      </ul>
      {page < pages ? (
        <Link to={hrefFor(page + 1)} className={buttonClass("secondary")} rel="next">
          {nextLabel ?? t("ui:next")}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
