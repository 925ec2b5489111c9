// The access manager's table of invitations (spec §2 name and e-mail, §3 status 'sent' allows deletion):
// Delete appears only while an invitation is 'sent', and asks first. On a narrow screen the e-mail moves under
// the name so that the table fits.
import { Trash2 } from "lucide-react";
import type { InvitationStatus } from "#platform/db/schema.ts";
import { ApiError, api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { Button } from "#app/ui/button.tsx";
import { toast } from "#app/ui/toast.tsx";
import { ConfirmDialog } from "#app/ui/confirm-dialog.tsx";
import { Badge, type BadgeTone } from "#app/ui/badge.tsx";
import { EmptyState } from "#app/ui/empty-state.tsx";
import { DataTable } from "#app/ui/data-table.tsx";

export type InvitationRow = { id: number; name: string; email: string; status: InvitationStatus; date: string };

const statusTone: Record<InvitationStatus, BadgeTone> = { sent: "warning", accepted: "success" };

export function InvitationStatusBadge({ status }: { status: InvitationStatus }) {
  const t = useT();
  return <Badge tone={statusTone[status]}>{t(`access:status_${status}`)}</Badge>;
}

export function InvitationsTable({
  courseId,
  invitations,
  onDeleted,
}: {
  courseId: number;
  invitations: InvitationRow[];
  onDeleted: () => void;
}) {
  const t = useT();
  if (invitations.length === 0) {
    return <EmptyState text={t("access:no_invitations")} />;
  }
  return (
    <DataTable
      framed
      caption={t("access:invitations")}
      rows={invitations}
      rowKey={(invitation) => invitation.id}
      rowProps={(invitation) => ({ "data-invitation": invitation.email })}
      columns={[
        {
          key: "name",
          header: t("access:name"),
          cell: (invitation) => (
            <>
              <p className="font-medium break-words text-ink">{invitation.name}</p>
              <p className="text-xs break-all text-muted sm:hidden">{invitation.email}</p>
              <p className="text-xs text-muted">{invitation.date}</p>
            </>
          ),
        },
        {
          key: "email",
          header: t("access:email"),
          className: "hidden break-all sm:table-cell",
          cell: (invitation) => invitation.email,
        },
        {
          key: "status",
          header: t("access:status"),
          cell: (invitation) => <InvitationStatusBadge status={invitation.status} />,
        },
        {
          key: "actions",
          header: <span className="sr-only">{t("access:actions")}</span>,
          align: "right",
          padding: "tight",
          cell: (invitation) =>
            invitation.status === "sent" && (
              <ConfirmDialog
                trigger={
                  <Button
                    variant="ghost"
                    className="text-red-700"
                    aria-label={t("access:delete_of", { name: invitation.name })}
                  >
                    <Trash2 aria-hidden className="size-4" />
                    <span className="hidden sm:inline">{t("access:delete")}</span>
                  </Button>
                }
                title={t("access:delete_title", { name: invitation.name })}
                description={t("access:delete_text", { email: invitation.email })}
                confirmLabel={t("access:delete")}
                onConfirm={async () => {
                  try {
                    await api("DELETE", `/home/access-manager/${courseId}/${invitation.id}`, undefined, {
                      handled: [409],
                    });
                    toast.success(t("access:deleted_toast"));
                  } catch (error) {
                    // accepted meanwhile: the server says so; the table is reloaded either way
                    if (error instanceof ApiError && error.status === 409) toast.error(error.message);
                  } finally {
                    onDeleted();
                  }
                }}
              />
            ),
        },
      ]}
    />
  );
}
