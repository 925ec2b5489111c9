// A transaction's status (spec §4) as a coloured label: success green, waiting amber, failure red, refunded grey.
import { clsx } from "clsx";
import type { TransactionStatus } from "#platform/db/schema.ts";
import { useT } from "#app/lib/i18n.tsx";

const look: Record<TransactionStatus, string> = {
  NEW: "bg-amber-50 text-amber-900 ring-amber-200",
  PENDING: "bg-amber-50 text-amber-900 ring-amber-200",
  PERFORMED: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  CLEARED: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  ACCESS_GRANTED: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  FAILURE: "bg-red-50 text-red-800 ring-red-200",
  ERROR: "bg-red-50 text-red-800 ring-red-200",
  CANCELED: "bg-red-50 text-red-800 ring-red-200",
  REFUNDED: "bg-gray-100 text-gray-800 ring-gray-300",
};

export function TransactionStatusBadge({ status }: { status: TransactionStatus }) {
  const t = useT();
  return (
    <span
      className={clsx(
        "inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1",
        look[status],
      )}
    >
      {t(`transactions:status_${status}`)}
    </span>
  );
}
