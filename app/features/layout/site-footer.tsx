// The public footer (issue 16): the school's description, contact address, social links, its own text, the
// company behind it and the legal pages that exist. A school that set none of it keeps the one-line footer.
import { Link } from "react-router";
import { useRootData } from "#app/lib/root-data.ts";
import { useT } from "#app/lib/i18n.tsx";
import { LEGAL_PAGES } from "#core/school/schemas.ts";

/** "facebook.com/school" for https://www.facebook.com/school: what a visitor recognises. */
function linkLabel(href: string): string {
  const url = URL.parse(href);
  if (!url) return href;
  return `${url.hostname.replace(/^www\./, "")}${url.pathname === "/" ? "" : url.pathname.replace(/\/$/, "")}`;
}

export function SiteFooter() {
  const t = useT();
  const school = useRootData()?.school;
  const brand = school?.brand;
  const name = school?.name ?? "Studium";
  const legal = brand ? LEGAL_PAGES.filter((page) => brand.legal[page]) : [];
  const hasDetails =
    brand && (brand.description || brand.contactEmail || brand.socialLinks.length || brand.footerText || brand.company);
  return (
    <footer className="border-t border-gray-200 bg-white text-sm text-muted" data-testid="site-footer">
      {hasDetails && (
        <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:grid-cols-2 lg:grid-cols-3">
          <div className="flex flex-col gap-2">
            <p className="font-semibold text-ink">{name}</p>
            {brand.description && <p>{brand.description}</p>}
            {brand.contactEmail && (
              <p>
                {t("site:contact")}{" "}
                <a href={`mailto:${brand.contactEmail}`} className="text-brand-700 underline underline-offset-4">
                  {brand.contactEmail}
                </a>
              </p>
            )}
          </div>
          {brand.socialLinks.length > 0 && (
            <nav aria-label={t("site:social_links")}>
              <ul className="flex flex-col gap-1">
                {brand.socialLinks.map((href) => (
                  <li key={href}>
                    <a
                      href={href}
                      rel="noopener noreferrer me"
                      target="_blank"
                      className="break-all text-brand-700 underline underline-offset-4"
                    >
                      {linkLabel(href)}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          )}
          {(brand.company || brand.footerText) && (
            <div className="flex flex-col gap-2">
              {brand.company && (
                <address className="not-italic whitespace-pre-line" data-testid="company-details">
                  {[
                    brand.company.name,
                    brand.company.address,
                    brand.company.taxId && t("site:tax_id", { id: brand.company.taxId }),
                  ]
                    .filter(Boolean)
                    .join("\n")}
                </address>
              )}
              {brand.footerText && <p className="whitespace-pre-line">{brand.footerText}</p>}
            </div>
          )}
        </div>
      )}
      <div className="border-t border-gray-100 py-6 text-center text-xs">
        {legal.length > 0 && (
          <nav aria-label={t("site:legal_navigation")} className="mb-3">
            <ul className="flex flex-wrap justify-center gap-x-4 gap-y-1">
              {legal.map((page) => (
                <li key={page}>
                  <Link to={`/${page}`} className="text-ink underline underline-offset-4">
                    {t(`site:${page}_title`)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
        {t("footer", { school: name })}
      </div>
    </footer>
  );
}
