// The access manager's invite form (spec §2: name and e-mail): checked with the server's schema first, then
// POST /home/access-manager/{courseId} {course_id, parent_transaction_id, name, email}. Before hydration it is
// a plain form to the same address (the server answers with a 303 back to the page).
import { useRef } from "react";
import { Send } from "lucide-react";
import { inviteSchema } from "#core/access-manager/schemas.ts";
import { useT } from "#app/lib/i18n.tsx";
import { useApiForm } from "#app/lib/use-api-form.ts";
import { CsrfField } from "#app/features/accounts/csrf-field.tsx";
import { Button } from "#app/ui/button.tsx";
import { Field, FormAlert } from "#app/ui/field.tsx";
import { toast } from "#app/ui/toast.tsx";

export function InviteForm({
  courseId,
  transactionId,
  onInvited,
}: {
  courseId: number;
  transactionId: number;
  onInvited: () => void;
}) {
  const t = useT();
  const formRef = useRef<HTMLFormElement>(null);
  const url = `/home/access-manager/${courseId}`;
  const form = useApiForm<{ email: string }>({
    url,
    schema: inviteSchema,
    onSuccess: (invitation) => {
      toast.success(t("access:invited_toast", { email: invitation.email }));
      formRef.current?.reset();
      onInvited();
    },
  });
  return (
    <form
      ref={formRef}
      method="post"
      action={url}
      onSubmit={form.onSubmit}
      noValidate
      aria-labelledby="invite-title"
      className="flex flex-col gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-6"
    >
      <h2 id="invite-title" className="text-lg font-semibold">
        {t("access:invite_title")}
      </h2>
      <CsrfField />
      <input type="hidden" name="course_id" value={courseId} />
      <input type="hidden" name="parent_transaction_id" value={transactionId} />
      <FormAlert message={form.message} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t("access:name")} name="name" autoComplete="off" required errors={form.errors.name} />
        <Field
          label={t("access:email")}
          name="email"
          type="email"
          autoComplete="off"
          required
          errors={form.errors.email}
        />
      </div>
      <Button type="submit" disabled={form.pending} className="self-start">
        <Send aria-hidden className="size-4" />
        {t("access:send_invitation")}
      </Button>
    </form>
  );
}
