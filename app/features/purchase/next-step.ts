// The success card's call to action (spec §4): a course bought for several people 'Manage access'; a consultation
// 'Go to your product list'; a file 'Go to download'; anything else 'Start'. The address is the server's nextLink.
import type { TransactionView } from "#core/selling/transaction-status.ts";

export type NextStepKey =
  "purchase:cta_manage_access" | "purchase:cta_product_list" | "purchase:cta_download" | "purchase:cta_start";

export function nextStepKey(
  transaction: Pick<TransactionView["transaction"], "product_kind" | "quantity">,
): NextStepKey {
  if (transaction.product_kind === "course" && transaction.quantity > 1) return "purchase:cta_manage_access";
  if (transaction.product_kind === "consultation") return "purchase:cta_product_list";
  if (transaction.product_kind === "file") return "purchase:cta_download";
  return "purchase:cta_start";
}

/** Seats of a team purchase not handed out yet (spec §9: quantity minus invitations used). */
export function invitationsLeft(
  transaction: Pick<TransactionView["transaction"], "quantity" | "child_invitations">,
): number {
  return Math.max(0, transaction.quantity - transaction.child_invitations);
}
