// The admin area's frame (/home/*): a left navigation on wide screens, a menu button that opens it as a
// drawer on narrow ones, the school name, a link back to the public site and the avatar menu.
// Only admins get in (core/admin/policies.ts, through app/lib/admin-area.ts): a visitor is sent to log in, a
// student gets the 404 page (the area's existence is not advertised). The pages' loaders run in parallel with
// this one and ask their own domain's policy with the same actor; this loader's answer, the first in the route
// order, is the one the page gets. (Not a middleware: a refusal there would skip the root loader, and the 404
// page would lose the school's header.)
import { useState, type ReactNode } from "react";
import { Link, NavLink, Outlet, useRouteLoaderData } from "react-router";
import { ExternalLink, LayoutDashboard, ListChecks, Mail, Menu, Scale, Settings, type LucideIcon } from "lucide-react";
import { MessageSquareQuote } from "lucide-react";
import { BookOpen } from "lucide-react";
import { Newspaper, Package } from "lucide-react";
import { Images } from "lucide-react";
import { PanelsTopLeft } from "lucide-react";
import { Plug, Webhook } from "lucide-react";
import { BadgeCheck, Handshake, TicketPercent } from "lucide-react";
import { BarChart3, Receipt } from "lucide-react";
import { DatabaseZap } from "lucide-react";
import { ClipboardList, Flag, Inbox, MessagesSquare, Users } from "lucide-react";
import { History, UserCog } from "lucide-react";
import { GraduationCap } from "lucide-react";
import { clsx } from "clsx";
import { guardAdminArea } from "#app/lib/admin-area.ts";
import { countOpenItems } from "#core/moderation/list-queue.ts";
import { isModerator, isOwner } from "#core/shared/actor.ts";
import { pageContext } from "#server/page-context.ts";
import { Badge } from "#app/ui/badge.tsx";
import { useRootData } from "#app/lib/root-data.ts";
import { useT } from "#app/lib/i18n.tsx";
import { UserMenu } from "#app/features/accounts/user-menu.tsx";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import { PublicShell } from "#app/features/layout/public-shell.tsx";
import { Dialog } from "#app/ui/dialog.tsx";
import { ErrorPage } from "#app/features/errors/error-page.tsx";
import type { Route } from "./+types/layout.ts";

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches[0]?.loaderData, "admin:area");
}

export async function loader(args: Route.LoaderArgs) {
  guardAdminArea(args);
  // The moderation queue's open items, on the navigation's "Moderation" entry.
  const { services, request } = args.context.get(pageContext);
  // What the navigation offers: a moderator sees the moderation queue only, the owner the team and its log too.
  const nav = isModerator(request.actor) ? "moderator" : isOwner(request.actor) ? "owner" : "admin";
  return { admin: true, nav, openReports: await countOpenItems(services.db) };
}

// The navigation in groups, as a creator thinks of the work: what they teach, what they sell, their audience
// (students, the community, reviews), their site, and the machinery. A new screen joins the group it belongs to.
// Who sees an entry: every admin unless it says "owner" (the team and the audit log); a moderator sees only the
// entries marked "moderator" (the other pages answer them 403).
type NavItem = { to: string; key: string; icon: LucideIcon; end?: boolean; owner?: true; moderator?: true };
const groups: { key: string | null; items: NavItem[] }[] = [
  { key: null, items: [{ to: "/home", key: "admin:nav_dashboard", icon: LayoutDashboard, end: true }] },
  {
    key: "admin:nav_group_content",
    items: [
      { to: "/home/courses", key: "authoring:nav_courses", icon: BookOpen },
      { to: "/home/products", key: "products:nav", icon: Package },
      { to: "/home/surveys", key: "surveys:nav", icon: ClipboardList },
      { to: "/home/exams", key: "exams:nav", icon: GraduationCap },
      { to: "/home/images", key: "media:nav_images", icon: Images },
    ],
  },
  {
    key: "admin:nav_group_selling",
    items: [
      { to: "/home/transactions", key: "transactions:nav", icon: Receipt },
      { to: "/home/sales", key: "transactions:nav_sales", icon: BarChart3 },
      { to: "/home/memberships", key: "memberships:nav", icon: BadgeCheck },
      { to: "/home/promo-codes", key: "promo:nav_promo_codes", icon: TicketPercent },
      { to: "/home/affiliates", key: "promo:nav_affiliates", icon: Handshake },
      { to: "/home/leads", key: "leads:nav", icon: Inbox },
    ],
  },
  {
    key: "admin:nav_group_students",
    items: [
      { to: "/home/students", key: "students:nav", icon: Users },
      { to: "/home/community", key: "community_admin:nav", icon: MessagesSquare },
      { to: "/home/moderation", key: "moderation:nav", icon: Flag, moderator: true },
      { to: "/home/reviews", key: "reviews:nav", icon: MessageSquareQuote },
    ],
  },
  {
    key: "admin:nav_group_site",
    items: [
      { to: "/home/settings", key: "admin:nav_settings", icon: Settings },
      { to: "/home/pages", key: "pages:nav", icon: PanelsTopLeft },
      { to: "/home/articles", key: "articles:nav", icon: Newspaper },
      { to: "/home/legal", key: "site:nav_legal", icon: Scale },
    ],
  },
  {
    key: "admin:nav_group_system",
    items: [
      { to: "/home/integrations", key: "integrations:nav", icon: Plug },
      { to: "/home/webhooks", key: "webhooks:nav", icon: Webhook },
      { to: "/home/mail", key: "admin:nav_mail", icon: Mail },
      { to: "/home/jobs", key: "admin:nav_jobs", icon: ListChecks },
      { to: "/home/caches", key: "admin:nav_caches", icon: DatabaseZap },
      { to: "/home/team", key: "team:nav", icon: UserCog, owner: true },
      { to: "/home/audit", key: "team:audit_nav", icon: History, owner: true },
    ],
  },
];

function AdminNav({ onNavigate }: { onNavigate?: () => void }) {
  const t = useT();
  const layout = useRouteLoaderData<typeof loader>("routes/admin/layout");
  const openReports = layout?.openReports ?? 0;
  const nav = layout?.nav ?? "admin";
  const shown = groups
    .map((group) => ({
      ...group,
      items: group.items.filter((item) => (nav === "moderator" ? item.moderator : !item.owner || nav === "owner")),
    }))
    .filter((group) => group.items.length > 0);
  return (
    <nav aria-label={t("admin:navigation")} className="flex flex-col gap-4 p-3">
      {shown.map((group) => (
        <div key={group.key ?? "top"} className="flex flex-col gap-0.5">
          {group.key && (
            <p className="px-3 pb-1 text-xs font-semibold tracking-wide text-muted uppercase">{t(group.key)}</p>
          )}
          {group.items.map(({ to, key, icon: Icon, end }) => (
            <NavLink
              key={to}
              to={to}
              end={end}
              onClick={onNavigate}
              className={({ isActive }) =>
                clsx(
                  "flex min-h-9 items-center gap-3 rounded-md px-3 py-1.5 text-sm font-medium",
                  isActive ? "bg-brand-50 text-brand-700" : "text-ink hover:bg-gray-100",
                )
              }
            >
              <Icon aria-hidden className="size-5 shrink-0" />
              {t(key)}
              {to === "/home/moderation" && openReports > 0 && (
                <Badge tone="danger" className="ml-auto">
                  <span aria-hidden>{openReports}</span>
                  <span className="sr-only">{t("moderation:nav_open", { count: openReports })}</span>
                </Badge>
              )}
            </NavLink>
          ))}
        </div>
      ))}
    </nav>
  );
}

function AdminShell({ children }: { children: ReactNode }) {
  const t = useT();
  const data = useRootData();
  const [open, setOpen] = useState(false);
  const school = data?.school?.name ?? "Studium";
  // The school's name leads to the area's first page: the dashboard, or for a moderator the queue.
  const home =
    useRouteLoaderData<typeof loader>("routes/admin/layout")?.nav === "moderator" ? "/home/moderation" : "/home";
  return (
    <div className="min-h-screen">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        {t("skip_to_content")}
      </a>
      <aside className="fixed inset-y-0 left-0 hidden w-64 flex-col border-r border-gray-200 bg-white lg:flex">
        <div className="flex h-16 shrink-0 flex-col justify-center border-b border-gray-200 px-6">
          <Link to={home} title={school} className="line-clamp-2 text-base leading-tight font-bold text-ink">
            {school}
          </Link>
          <span className="text-xs text-muted">{t("admin:area")}</span>
        </div>
        {/* A short screen scrolls the navigation, never hides its last entries. */}
        <div className="min-h-0 flex-1 overflow-y-auto">
          <AdminNav />
        </div>
      </aside>

      <div className="flex min-h-screen flex-col lg:pl-64">
        <header className="sticky top-0 z-30 border-b border-gray-200 bg-white">
          <div className="flex h-16 items-center gap-2 px-4 sm:px-6 lg:px-8">
            <Dialog
              open={open}
              onOpenChange={setOpen}
              placement="drawer"
              className="lg:hidden"
              title={school}
              trigger={
                <button
                  type="button"
                  aria-label={t("admin:open_menu")}
                  className="-ml-2 inline-flex size-10 items-center justify-center rounded-md text-ink hover:bg-gray-100 lg:hidden"
                >
                  <Menu aria-hidden className="size-6" />
                </button>
              }
            >
              <div className="flex min-h-0 flex-1 flex-col overflow-y-auto">
                <AdminNav onNavigate={() => setOpen(false)} />
                <Link
                  to="/"
                  onClick={() => setOpen(false)}
                  className="mx-3 mt-auto mb-4 flex min-h-10 items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-ink hover:bg-gray-100"
                >
                  <ExternalLink aria-hidden className="size-5 shrink-0" />
                  {t("admin:view_site")}
                </Link>
              </div>
            </Dialog>
            <Link to={home} className="min-w-0 truncate text-base font-bold text-ink lg:hidden">
              {school}
            </Link>
            <div className="ml-auto flex items-center gap-2">
              <Link
                to="/"
                className="hidden items-center gap-2 rounded-md px-3 py-2 text-sm font-semibold text-ink hover:bg-gray-100 sm:inline-flex"
              >
                <ExternalLink aria-hidden className="size-4" />
                {t("admin:view_site")}
              </Link>
              {data?.user && <UserMenu user={data.user} />}
            </div>
          </div>
        </header>
        <main id="main" className="flex-1 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
          {children}
        </main>
      </div>
    </div>
  );
}

export default function AdminLayout() {
  return (
    <AdminShell>
      <Outlet />
    </AdminShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // The layout's loader passed (an admin): the error came from a page inside, keep the admin frame.
  // Otherwise (a student's 404) show the public look: the admin area's frame is not for them.
  const admin = useRouteLoaderData<typeof loader>("routes/admin/layout");
  if (!admin) {
    return (
      <PublicShell>
        <ErrorPage error={error} />
      </PublicShell>
    );
  }
  return (
    <AdminShell>
      <ErrorPage error={error} />
    </AdminShell>
  );
}
