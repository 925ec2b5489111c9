// The EU's "withdraw from contract here" function on /my/membership (Directive 2023/2673): offered within 14 days
// of signing up; a confirm step (ConfirmDialog) says until when, what ends and what is refunded, then POST
// /my/membership/withdraw and the page reloads. The server decides again (after 14 days it answers 422).
import { useRevalidator } from "react-router";
import { api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { Button } from "#app/ui/button.tsx";
import { ConfirmDialog } from "#app/ui/confirm-dialog.tsx";

export function WithdrawMembership({
  membershipId,
  until,
  refund,
}: {
  membershipId: number;
  /** the last day, formatted */
  until: string;
  /** what is refunded, formatted */
  refund: string;
}) {
  const t = useT();
  const revalidator = useRevalidator();
  return (
    <ConfirmDialog
      trigger={
        <Button variant="secondary" data-testid="withdraw-membership">
          {t("memberships:withdraw_button")}
        </Button>
      }
      title={t("memberships:withdraw_title")}
      description={t("memberships:withdraw_text", { date: until, amount: refund })}
      confirmLabel={t("memberships:withdraw_confirm")}
      busyLabel={t("memberships:withdraw_busy")}
      cancelLabel={t("memberships:keep_membership")}
      onConfirm={async () => {
        try {
          await api("POST", "/my/membership/withdraw", { membership_id: membershipId });
        } catch {
          // the api wrapper has said what went wrong
        }
        await revalidator.revalidate();
      }}
    />
  );
}
