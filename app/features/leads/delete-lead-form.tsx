// Deleting a lead form asks first, saying how many leads go with it (a ConfirmDialog), then goes back to the
// forms. A form shown on a page is refused by the server with the page's name, shown as the toast.
import { useNavigate } from "react-router";
import { ApiError, api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { DeleteInDangerZone } from "#app/ui/danger-zone.tsx";
import { toast } from "#app/ui/toast.tsx";

export function DeleteLeadForm({ form }: { form: { id: number; name: string; lead_count: number } }) {
  const t = useT();
  const navigate = useNavigate();
  return (
    <DeleteInDangerZone
      title={t("leads:form_danger_zone")}
      text={t("leads:form_delete_text")}
      buttonLabel={t("leads:form_delete")}
      dialogTitle={t("leads:form_delete_title", { name: form.name })}
      description={t("leads:form_delete_confirm", { count: form.lead_count })}
      onConfirm={async () => {
        try {
          await api("DELETE", `/home/leads/forms/${form.id}`, undefined, { handled: [409] });
        } catch (error) {
          // 409: the form is on a page, and the server's message names it.
          if (error instanceof ApiError && error.status === 409) toast.error(error.message);
          throw error;
        }
        toast.success(t("leads:form_deleted"));
        await navigate("/home/leads/forms");
      }}
    />
  );
}
