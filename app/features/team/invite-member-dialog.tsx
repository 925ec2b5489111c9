// "Invite to the team" on /home/team: name, e-mail and role (admin or moderator), sent as POST /home/team
// (checked with the server's schema first). A new person gets an invitation e-mail to set a password; a student
// of the school is promoted and logs in again with the new role.
import { useState } from "react";
import { UserPlus } from "lucide-react";
import { useRevalidator } from "react-router";
import { inviteMemberSchema, teamRoles } from "#core/team/schemas.ts";
import { useT } from "#app/lib/i18n.tsx";
import { useApiForm } from "#app/lib/use-api-form.ts";
import { Button } from "#app/ui/button.tsx";
import { Dialog, DialogClose } from "#app/ui/dialog.tsx";
import { Field, FormAlert } from "#app/ui/field.tsx";
import { SelectField } from "#app/ui/select-field.tsx";
import { toast } from "#app/ui/toast.tsx";

export function InviteMemberDialog() {
  const t = useT();
  const revalidator = useRevalidator();
  const [open, setOpen] = useState(false);
  const form = useApiForm<{ outcome: "invited" | "promoted"; member: { name: string } }>({
    url: "/home/team",
    schema: inviteMemberSchema,
    onSuccess: ({ outcome, member }) => {
      toast.success(t(`team:${outcome}_toast`, { name: member.name }));
      setOpen(false);
      void revalidator.revalidate();
    },
  });
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      size="md"
      title={t("team:invite_title")}
      description={t("team:invite_intro")}
      trigger={
        <Button>
          <UserPlus aria-hidden className="size-4" />
          {t("team:invite")}
        </Button>
      }
    >
      <form onSubmit={form.onSubmit} noValidate className="mt-4 flex flex-col gap-4">
        <FormAlert message={form.message} />
        <Field label={t("team:name")} name="name" autoComplete="off" required errors={form.errors.name} />
        <Field
          label={t("team:email")}
          name="email"
          type="email"
          autoComplete="off"
          required
          errors={form.errors.email}
        />
        <SelectField
          label={t("team:role")}
          name="role"
          defaultValue="moderator"
          errors={form.errors.role}
          options={teamRoles.map((role) => ({ value: role, label: t(`team:role_${role}`) }))}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose>
            <Button variant="secondary">{t("cancel")}</Button>
          </DialogClose>
          <Button type="submit" disabled={form.pending}>
            {t("team:send_invitation")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
