// What a successful purchase does in the browser (spec §4): the purchase conversion event (pushed to the
// analytics data layer and dispatched as a `studium:purchase` DOM event for any other tag), sent once per
// transaction even when the status page is reloaded (remembered in localStorage), and the promo cookie cleared.
import { PROMO_COOKIE } from "#core/selling/promo-cookie.ts";
import { centsToMajor } from "#core/shared/money.ts";

export type PurchaseEvent = { event: "purchase"; transaction_id: number; value: number; currency: string };

export type EffectTarget = {
  storage: Pick<Storage, "getItem" | "setItem"> | null;
  window: { dataLayer?: unknown[]; dispatchEvent(event: Event): boolean };
  document: { cookie: string };
};

export function purchaseEvent(transaction: { id: number; total_cents: number; currency: string }): PurchaseEvent {
  return {
    event: "purchase",
    transaction_id: transaction.id,
    value: centsToMajor(transaction.total_cents),
    currency: transaction.currency,
  };
}

const sentKey = (hash: string) => `studium:purchase-sent:${hash}`;

function readFlag(storage: EffectTarget["storage"], key: string): boolean {
  try {
    return storage?.getItem(key) === "1";
  } catch {
    return false;
  }
}

/** Sends the conversion once per transaction; returns whether it was sent now. */
export function recordPurchaseOnce(
  target: EffectTarget,
  transaction: { id: number; hash: string; total_cents: number; currency: string },
): boolean {
  const key = sentKey(transaction.hash);
  if (readFlag(target.storage, key)) return false;
  try {
    target.storage?.setItem(key, "1");
  } catch {
    // private mode or full storage: the event still goes out once for this page
  }
  const detail = purchaseEvent(transaction);
  target.window.dataLayer = target.window.dataLayer ?? [];
  target.window.dataLayer.push(detail);
  target.window.dispatchEvent(new CustomEvent("studium:purchase", { detail }));
  return true;
}

export function clearPromoCookie(target: Pick<EffectTarget, "document">): void {
  target.document.cookie = `${PROMO_COOKIE}=; Max-Age=0; path=/; SameSite=Lax`;
}

/** Both effects, against the real browser. */
export function onPurchaseSucceeded(transaction: {
  id: number;
  hash: string;
  total_cents: number;
  currency: string;
}): void {
  let storage: Storage | null;
  try {
    storage = window.localStorage;
  } catch {
    storage = null;
  }
  recordPurchaseOnce({ storage, window: window as unknown as EffectTarget["window"], document }, transaction);
  clearPromoCookie({ document });
}
