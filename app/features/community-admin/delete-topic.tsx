// Deleting a topic deletes its posts with their comments and votes, so it asks first: after hydration in a
// ConfirmDialog; before it (or without a script) a plain form whose box must be ticked.
import { Trash2 } from "lucide-react";
import { useNavigate } from "react-router";
import { api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { CsrfField } from "#app/features/accounts/csrf-field.tsx";
import { Button } from "#app/ui/button.tsx";
import { DangerZone } from "#app/ui/danger-zone.tsx";
import { Checkbox } from "#app/ui/field.tsx";
import { ConfirmDialog } from "#app/ui/confirm-dialog.tsx";
import { toast } from "#app/ui/toast.tsx";

export function DeleteTopic({ topic }: { topic: { id: number; title: string; post_count: number } }) {
  const t = useT();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const text = t("community_admin:delete_text", { count: topic.post_count });
  return (
    <DangerZone title={t("community_admin:danger_zone")} text={text}>
      <div className="mt-4">
        {hydrated ? (
          <ConfirmDialog
            trigger={
              <Button variant="danger">
                <Trash2 aria-hidden className="size-4" />
                {t("community_admin:delete")}
              </Button>
            }
            title={t("community_admin:delete_title", { title: topic.title })}
            description={text}
            confirmLabel={t("community_admin:delete")}
            onConfirm={async () => {
              await api("DELETE", `/home/community/${topic.id}`);
              toast.success(t("community_admin:deleted"));
              await navigate("/home/community");
            }}
          />
        ) : (
          <form method="post" action={`/home/community/${topic.id}/delete`} className="flex flex-col gap-3">
            <CsrfField />
            <Checkbox name="confirm" required label={t("community_admin:delete_confirm_check")} />
            <Button type="submit" variant="danger" className="self-start">
              <Trash2 aria-hidden className="size-4" />
              {t("community_admin:delete")}
            </Button>
          </form>
        )}
      </div>
    </DangerZone>
  );
}
