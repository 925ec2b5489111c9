// Small labels of the product editor: a product's kind and its status.
import type { ProductKind, ProductStatus } from "#platform/db/schema.ts";
import { useT } from "#app/lib/i18n.tsx";
import { Badge, type BadgeTone } from "#app/ui/badge.tsx";

const statusTone: Record<ProductStatus, BadgeTone> = { published: "success", draft: "neutral", unpublished: "warning" };

export function ProductStatusBadge({ status }: { status: ProductStatus }) {
  const t = useT();
  return (
    <Badge tone={statusTone[status]} data-testid="product-status">
      {t(`products:status_${status}`)}
    </Badge>
  );
}

export function ProductKindBadge({ kind }: { kind: ProductKind }) {
  const t = useT();
  return (
    <Badge tone="info" data-testid="product-kind">
      {t(`products:kind_${kind}`)}
    </Badge>
  );
}
