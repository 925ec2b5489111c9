// Small labels of the product editor: a product's kind and its status.
import { clsx } from "clsx";
import type { ProductKind, ProductStatus } from "#platform/db/schema.ts";
import { useT } from "#app/lib/i18n.tsx";

const statusTone: Record<ProductStatus, string> = {
  published: "bg-emerald-50 text-emerald-800 ring-emerald-600/30",
  draft: "bg-gray-100 text-gray-700 ring-gray-500/30",
  unpublished: "bg-amber-50 text-amber-900 ring-amber-600/30",
};

const badge = "inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset";

export function ProductStatusBadge({ status }: { status: ProductStatus }) {
  const t = useT();
  return (
    <span data-testid="product-status" className={clsx(badge, statusTone[status])}>
      {t(`products:status_${status}`)}
    </span>
  );
}

export function ProductKindBadge({ kind }: { kind: ProductKind }) {
  const t = useT();
  return (
    <span data-testid="product-kind" className={clsx(badge, "bg-brand-50 text-brand-700 ring-brand-600/30")}>
      {t(`products:kind_${kind}`)}
    </span>
  );
}
