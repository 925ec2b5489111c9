// A transaction's status (spec §4) as a coloured label: success green, waiting amber, failure red, refunded grey.
import type { TransactionStatus } from "#platform/db/schema.ts";
import { useT } from "#app/lib/i18n.tsx";
import { Badge, type BadgeTone } from "#app/ui/badge.tsx";

const tone: Record<TransactionStatus, BadgeTone> = {
  NEW: "warning",
  PENDING: "warning",
  PERFORMED: "success",
  CLEARED: "success",
  ACCESS_GRANTED: "success",
  FAILURE: "danger",
  ERROR: "danger",
  CANCELED: "danger",
  REFUNDED: "neutral",
};

export function TransactionStatusBadge({ status }: { status: TransactionStatus }) {
  const t = useT();
  return <Badge tone={tone[status]}>{t(`transactions:status_${status}`)}</Badge>;
}
