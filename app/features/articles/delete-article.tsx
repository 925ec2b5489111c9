// Deleting an article asks first (a ConfirmDialog), then goes back to the list.
import { useNavigate } from "react-router";
import { api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { DeleteInDangerZone } from "#app/ui/danger-zone.tsx";
import { toast } from "#app/ui/toast.tsx";

export function DeleteArticle({ article }: { article: { id: number; title: string } }) {
  const t = useT();
  const navigate = useNavigate();
  return (
    <DeleteInDangerZone
      title={t("articles:danger_zone")}
      text={t("articles:delete_text")}
      buttonLabel={t("articles:delete")}
      dialogTitle={t("articles:delete_title", { title: article.title })}
      onConfirm={async () => {
        await api("DELETE", `/home/articles/${article.id}`);
        toast.success(t("articles:deleted"));
        await navigate("/home/articles");
      }}
    />
  );
}
