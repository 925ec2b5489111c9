// Previous / next page links of the transactions list, keeping the filters in the address.
import { Link } from "react-router";
import { useT } from "#app/lib/i18n.tsx";
import { buttonClass } from "#app/ui/button.tsx";

export function Pager({ page, pages, hrefFor }: { page: number; pages: number; hrefFor: (page: number) => string }) {
  const t = useT();
  if (pages <= 1) return null;
  return (
    <nav aria-label={t("transactions:pages")} className="flex flex-wrap items-center justify-between gap-3">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={buttonClass("secondary")} rel="prev">
          {t("transactions:previous")}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-muted">{t("transactions:page_of", { page, pages })}</span>
      {page < pages ? (
        <Link to={hrefFor(page + 1)} className={buttonClass("secondary")} rel="next">
          {t("transactions:next")}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
