// The public look: school logo and name, log in / register or the avatar menu, and the footer (site-footer.tsx). Used by the public
// layout route and by error pages (404, 500), so a visitor who hits a wrong address still sees the school.
import type { ReactNode } from "react";
import { Link, NavLink } from "react-router";
import { clsx } from "clsx";
import { useRootData } from "#app/lib/root-data.ts";
import { useT } from "#app/lib/i18n.tsx";
import { UserMenu } from "#app/features/accounts/user-menu.tsx";
import { SearchModal } from "#app/features/search/search-modal.tsx";
import { SiteFooter } from "./site-footer.tsx";

/** Where to find what the school sells: the catalog, and the other products, community and articles when there are any. */
function SiteLinks({ className }: { className?: string }) {
  const t = useT();
  const data = useRootData();
  const links = [
    { to: "/courses", label: t("catalog:courses_title") },
    ...(data?.hasProducts ? [{ to: "/products", label: t("products:list_title") }] : []),
    ...(data?.hasCommunity ? [{ to: "/community", label: t("community:nav_link") }] : []),
    ...(data?.hasArticles ? [{ to: "/articles", label: t("articles:list_title") }] : []),
  ];
  return (
    <ul className={clsx("flex items-center gap-1", className)}>
      {links.map((link) => (
        <li key={link.to}>
          <NavLink
            to={link.to}
            className={({ isActive }) =>
              clsx(
                "block rounded-md px-3 py-2 text-sm font-semibold hover:bg-gray-100",
                isActive ? "text-brand-700" : "text-ink",
              )
            }
          >
            {link.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

export function PublicShell({ children }: { children: ReactNode }) {
  const t = useT();
  const data = useRootData();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        {t("skip_to_content")}
      </a>
      <header className="border-b border-gray-200 bg-white">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
          <div className="flex min-w-0 items-center gap-4">
            <Link
              to="/"
              className="flex min-w-0 items-center gap-2 text-base leading-tight font-bold text-ink sm:text-lg"
            >
              {data?.school?.brand.logoUrl && (
                // The name beside it says what the logo says: the image is decoration for screen readers.
                <img
                  src={data.school.brand.logoUrl}
                  alt=""
                  className="h-9 w-auto max-w-24 shrink-0 object-contain"
                  data-testid="school-logo"
                />
              )}
              <span className="line-clamp-2 min-w-0">{data?.school?.name ?? "Studium"}</span>
            </Link>
            {/* From the tablet width up the links sit beside the name; a phone has them on a row of their own. */}
            <nav aria-label={t("site_navigation")} className="hidden md:block">
              <SiteLinks />
            </nav>
          </div>
          <nav
            aria-label={t("main_navigation")}
            className="flex shrink-0 items-center gap-1 whitespace-nowrap sm:gap-2"
          >
            <SearchModal />
            {data?.user ? (
              <UserMenu user={data.user} />
            ) : (
              <>
                <Link to="/login" className="rounded-md px-3 py-2 text-sm font-semibold text-ink hover:bg-gray-100">
                  {t("accounts:login_link")}
                </Link>
                {/* On a phone the school's name needs the room; the login page links to registration. */}
                <Link
                  to="/register"
                  className="hidden rounded-md bg-brand-600 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-700 sm:inline-block"
                >
                  {t("accounts:register_link")}
                </Link>
              </>
            )}
          </nav>
        </div>
        <nav aria-label={t("site_navigation")} className="border-t border-gray-100 px-2 md:hidden">
          <SiteLinks className="mx-auto max-w-6xl" />
        </nav>
      </header>
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
