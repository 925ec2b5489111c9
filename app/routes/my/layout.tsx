// The student area (/my): only for logged-in visitors; a side navigation on wide screens, tabs on narrow ones.
import { Outlet, useLocation } from "react-router";
import { guardStudentArea } from "#app/lib/student-area.ts";
import { useT } from "#app/lib/i18n.tsx";
import { LinkTabs } from "#app/ui/tabs.tsx";
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
  {
    to: "/my/favourites",
    label: "favourites:my_title",
    owns: (path: string) => path.startsWith("/my/favourites"),
  },
  {
    to: "/my/certificates",
    label: "certificates:my_title",
    owns: (path: string) => path.startsWith("/my/certificates"),
  },
  { to: "/my/invoices", label: "invoices:nav", owns: (path: string) => path.startsWith("/my/invoices") },
  { to: "/my/membership", label: "memberships:my_nav", owns: (path: string) => path.startsWith("/my/membership") },
  { to: "/my/account", label: "accounts:account_settings", owns: (path: string) => path.startsWith("/my/account") },
] as const;

export default function MyLayout() {
  const t = useT();
  const path = useLocation().pathname.replace(/\/$/, "");
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-6 sm:py-10 md:flex-row md:gap-10">
      <LinkTabs
        label={t("accounts:my_navigation")}
        sideOnWide
        tabs={links.map((link) => ({ to: link.to, label: t(link.label), current: link.owns(path) }))}
      />
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}
