// /home/team (issue 18, item 4): the school's team, the owner's page only. Each member with their role; the owner
// invites someone as an admin or a moderator (a dialog), changes a member's role, or takes them off the team
// (back to a student). The owner's own row has no actions: the owner cannot be demoted.
import { teamRoles } from "#core/team/schemas.ts";
import { listTeam } from "#core/team/list-team.ts";
import { pageContext } from "#server/page-context.ts";
import { useT } from "#app/lib/i18n.tsx";
import { ActionForm } from "#app/features/admin/action-form.tsx";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import { InviteMemberDialog } from "#app/features/team/invite-member-dialog.tsx";
import { Badge } from "#app/ui/badge.tsx";
import { Button } from "#app/ui/button.tsx";
import { DataTable } from "#app/ui/data-table.tsx";
import { SelectField } from "#app/ui/select-field.tsx";
import type { Route } from "./+types/team.ts";

const FORM = "flex flex-wrap items-end gap-2";

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches[0]?.loaderData, "team:title");
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services, request: ctx } = context.get(pageContext);
  return { members: await listTeam(services.db, ctx.actor) };
}

export default function Team({ loaderData: d }: Route.ComponentProps) {
  const t = useT();
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="max-w-2xl">
          <h1 className="text-2xl font-bold sm:text-3xl">{t("team:title")}</h1>
          <p className="mt-1 text-muted">{t("team:intro")}</p>
        </div>
        <InviteMemberDialog />
      </div>
      <DataTable
        framed
        caption={t("team:title")}
        rows={d.members}
        rowKey={(row) => row.id}
        rowProps={(row) => ({ "data-member": row.email })}
        columns={[
          {
            key: "member",
            header: t("team:name"),
            cell: (row) => (
              <>
                <p className="font-semibold break-words">{row.name}</p>
                <p className="text-xs break-all text-muted">{row.email}</p>
              </>
            ),
          },
          {
            key: "role",
            header: t("team:role"),
            cell: (row) =>
              row.owner ? (
                <Badge tone="info">{t("team:owner")}</Badge>
              ) : (
                <ActionForm url={`/home/team/${row.id}/role`} toastKey="team:changed_toast" className={FORM}>
                  <SelectField
                    label={t("team:role_of", { name: row.name })}
                    name="role"
                    defaultValue={row.role}
                    options={teamRoles.map((role) => ({ value: role, label: t(`team:role_${role}`) }))}
                  />
                  <Button type="submit" variant="secondary">
                    {t("team:change_role")}
                  </Button>
                </ActionForm>
              ),
          },
          {
            key: "remove",
            header: t("team:actions"),
            align: "right",
            cell: (row) =>
              row.owner ? null : (
                <ActionForm url={`/home/team/${row.id}/remove`} toastKey="team:removed_toast">
                  <Button type="submit" variant="danger">
                    {t("team:remove")}
                  </Button>
                </ActionForm>
              ),
          },
        ]}
      />
      <p className="text-sm text-muted">{t("team:roles_explained")}</p>
    </div>
  );
}
