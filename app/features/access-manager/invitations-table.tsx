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
    return (
      <p className="rounded-xl border border-dashed border-gray-300 bg-white p-6 text-center text-muted">
        {t("access:no_invitations")}
      </p>
    );
  }
  return (
    <div className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-gray-200">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t("access:invitations")}</caption>
        <thead className="border-b border-gray-200 bg-gray-50 text-xs font-semibold tracking-wide text-muted uppercase">
          <tr>
            <th scope="col" className="px-4 py-3">
              {t("access:name")}
            </th>
            <th scope="col" className="hidden px-4 py-3 sm:table-cell">
              {t("access:email")}
            </th>
            <th scope="col" className="px-4 py-3">
              {t("access:status")}
            </th>
            <th scope="col" className="px-4 py-3 text-right">
              <span className="sr-only">{t("access:actions")}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {invitations.map((invitation) => (
            <tr key={invitation.id} data-invitation={invitation.email}>
              <td className="px-4 py-3 align-top">
                <p className="font-medium break-words text-ink">{invitation.name}</p>
                <p className="text-xs break-all text-muted sm:hidden">{invitation.email}</p>
                <p className="text-xs text-muted">{invitation.date}</p>
              </td>
              <td className="hidden px-4 py-3 align-top break-all sm:table-cell">{invitation.email}</td>
              <td className="px-4 py-3 align-top">
                <InvitationStatusBadge status={invitation.status} />
              </td>
              <td className="px-2 py-2 text-right align-top sm:px-4">
                {invitation.status === "sent" && (
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
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
