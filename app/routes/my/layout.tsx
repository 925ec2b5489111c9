// The student area (/my): only for logged-in visitors; a side navigation on wide screens, tabs on narrow ones.
import { Link, Outlet, useLocation } from "react-router";
import { clsx } from "clsx";
import { guardStudentArea } from "#app/lib/student-area.ts";
import { useT } from "#app/lib/i18n.tsx";
import type { Route } from "./+types/layout.ts";

export function loader({ context }: Route.LoaderArgs) {
  guardStudentArea(context);
  return null;
}

const links = [
  // One bought product's page (/my/products/{slug}) belongs to "My products" too.
  {
    to: "/my",
    label: "accounts:my_products",
    owns: (path: string) => path === "/my" || path.startsWith("/my/products"),
  },
  { to: "/my/invoices", label: "invoices:nav", owns: (path: string) => path.startsWith("/my/invoices") },
  { to: "/my/account", label: "accounts:account_settings", owns: (path: string) => path.startsWith("/my/account") },
] as const;

export default function MyLayout() {
  const t = useT();
  const path = useLocation().pathname.replace(/\/$/, "");
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-6 sm:py-10 md:flex-row md:gap-10">
      <nav aria-label={t("accounts:my_navigation")} className="md:w-56 md:shrink-0">
        <ul className="-mx-4 flex gap-1 overflow-x-auto border-b border-gray-200 px-4 md:mx-0 md:flex-col md:border-b-0 md:px-0">
          {links.map((link) => (
            <li key={link.to} className="shrink-0">
              <Link
                to={link.to}
                aria-current={link.owns(path) ? "page" : undefined}
                className={clsx(
                  "block whitespace-nowrap px-3 py-2 text-sm font-semibold md:rounded-md",
                  link.owns(path)
                    ? "border-b-2 border-brand-600 text-brand-700 md:border-b-0 md:bg-brand-50"
                    : "border-b-2 border-transparent text-muted hover:text-ink md:border-b-0 md:hover:bg-gray-100",
                )}
              >
                {t(link.label)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}
