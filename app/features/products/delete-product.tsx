// Deleting a product asks for DELETE to be typed first (§5). A product that has transactions cannot go (its
// buyers' records need it): the server answers 409 with the reason, and the section says so before anyone tries.
import { useState } from "react";
import { useNavigate } from "react-router";
import { Trash2 } from "lucide-react";
import { ApiError, api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { Button } from "#app/ui/button.tsx";
import { DangerZone } from "#app/ui/danger-zone.tsx";
import { FormAlert } from "#app/ui/field.tsx";
import { toast } from "#app/ui/toast.tsx";
import { ConfirmDialog } from "#app/ui/confirm-dialog.tsx";

export function DeleteProduct({ product }: { product: { id: number; title: string; has_transactions: boolean } }) {
  const t = useT();
  const navigate = useNavigate();
  const [refused, setRefused] = useState<string>();
  return (
    <DangerZone
      title={t("products:danger_zone")}
      text={t(product.has_transactions ? "products:delete_has_transactions" : "products:delete_text")}
    >
      {refused && (
        <div className="mt-3">
          <FormAlert message={refused} />
        </div>
      )}
      <div className="mt-4">
        <ConfirmDialog
          trigger={
            <Button variant="danger" disabled={product.has_transactions}>
              <Trash2 aria-hidden className="size-4" />
              {t("products:delete")}
            </Button>
          }
          title={t("products:delete_title", { title: product.title })}
          description={t("products:delete_text")}
          confirmLabel={t("products:delete")}
          typeToConfirm="DELETE"
          onConfirm={async () => {
            try {
              await api("DELETE", `/home/products/${product.id}`, undefined, { handled: [409] });
              toast.success(t("products:deleted"));
              await navigate("/home/products");
            } catch (error) {
              if (error instanceof ApiError && error.status === 409) setRefused(error.message);
            }
          }}
        />
      </div>
    </DangerZone>
  );
}
