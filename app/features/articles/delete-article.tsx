// Deleting an article asks first (a ConfirmDialog), then goes back to the list.
import { useNavigate } from "react-router";
import { Trash2 } from "lucide-react";
import { api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { Button } from "#app/ui/button.tsx";
import { DangerZone } from "#app/ui/danger-zone.tsx";
import { ConfirmDialog } from "#app/ui/confirm-dialog.tsx";
import { toast } from "#app/ui/toast.tsx";

export function DeleteArticle({ article }: { article: { id: number; title: string } }) {
  const t = useT();
  const navigate = useNavigate();
  return (
    <DangerZone title={t("articles:danger_zone")} text={t("articles:delete_text")}>
      <div className="mt-4">
        <ConfirmDialog
          trigger={
            <Button variant="danger">
              <Trash2 aria-hidden className="size-4" />
              {t("articles:delete")}
            </Button>
          }
          title={t("articles:delete_title", { title: article.title })}
          description={t("articles:delete_text")}
          confirmLabel={t("articles:delete")}
          onConfirm={async () => {
            await api("DELETE", `/home/articles/${article.id}`);
            toast.success(t("articles:deleted"));
            await navigate("/home/articles");
          }}
        />
      </div>
    </DangerZone>
  );
}
