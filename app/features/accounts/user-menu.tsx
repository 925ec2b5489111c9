// The avatar menu of a logged-in visitor: their area, the admin area for admins, account settings, log out.
import { DropdownMenu } from "radix-ui";
import { Link } from "react-router";
import type { PublicUser } from "#core/accounts/public-user.ts";
import { api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { Avatar } from "#app/ui/avatar.tsx";
import { CsrfField } from "./csrf-field.tsx";

const item = "block rounded px-3 py-2 text-sm text-ink outline-none data-[highlighted]:bg-gray-100";

export function UserMenu({ user }: { user: PublicUser }) {
  const t = useT();
  async function logOut(event: React.FormEvent) {
    event.preventDefault();
    await api("POST", "/logout");
    window.location.assign("/");
  }
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger aria-label={t("accounts:account_menu")} className="rounded-full" data-testid="user-menu">
        <Avatar id={user.id} name={user.name} src={user.avatar} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-40 min-w-52 rounded-lg bg-white p-1 shadow-lg ring-1 ring-gray-200"
        >
          <div className="px-3 py-2 text-sm">
            <p className="font-semibold">{user.name}</p>
            <p className="truncate text-muted">{user.email}</p>
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-gray-200" />
          {user.role === "admin" && (
            <DropdownMenu.Item asChild>
              <Link to="/home" className={item}>
                {t("admin:area")}
              </Link>
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item asChild>
            <Link to="/my" className={item}>
              {t("accounts:my_products")}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild>
            <Link to="/my/account" className={item}>
              {t("accounts:account_settings")}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-gray-200" />
          <form method="post" action="/logout" onSubmit={logOut}>
            <CsrfField />
            <DropdownMenu.Item asChild onSelect={(e) => e.preventDefault()}>
              <button type="submit" className={`${item} w-full text-left`}>
                {t("accounts:logout")}
              </button>
            </DropdownMenu.Item>
          </form>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
