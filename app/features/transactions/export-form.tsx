// 'Export CSV': a plain POST form (with the CSRF field) carrying the list's filters to
// /home/transactions/export; the browser downloads the attachment and stays on the page. A refusal (one export
// per minute) comes back as ?error= on the list.
import { Download } from "lucide-react";
import type { TransactionFilters } from "#core/transactions/schemas.ts";
import { useT } from "#app/lib/i18n.tsx";
import { CsrfField } from "#app/features/accounts/csrf-field.tsx";
import { Button } from "#app/ui/button.tsx";

export function ExportForm({ filters }: { filters: TransactionFilters }) {
  const t = useT();
  const fields = (["status", "provider", "product_id", "from", "to", "q"] as const).filter(
    (key) => filters[key] !== undefined && filters[key] !== "",
  );
  return (
    <form method="post" action="/home/transactions/export" className="flex flex-col items-start gap-1">
      <CsrfField />
      {fields.map((key) => (
        <input key={key} type="hidden" name={key} value={String(filters[key])} />
      ))}
      <Button type="submit" variant="secondary">
        <Download aria-hidden className="size-4" />
        {t("transactions:export")}
      </Button>
      <span className="text-xs text-muted">{t("transactions:export_hint")}</span>
    </form>
  );
}
