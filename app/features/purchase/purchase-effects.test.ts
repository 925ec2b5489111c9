// The success effects of the status page (spec §4): one conversion per transaction, even on reload; the promo
// cookie cleared.
import { describe, expect, it } from "vitest";
import { clearPromoCookie, type EffectTarget, recordPurchaseOnce } from "./purchase-effects.ts";

function fakeBrowser() {
  const stored = new Map<string, string>();
  const events: CustomEvent[] = [];
  const target: EffectTarget & { window: { dataLayer?: unknown[] } } = {
    storage: { getItem: (k) => stored.get(k) ?? null, setItem: (k, v) => void stored.set(k, v) },
    window: {
      dispatchEvent: (event) => {
        events.push(event as CustomEvent);
        return true;
      },
    },
    document: { cookie: "" },
  };
  return { target, events, stored };
}

const transaction = { id: 41, hash: "h".repeat(32), total_cents: 12345, currency: "PLN" };

describe("the purchase conversion", () => {
  it("pushes the purchase to the data layer and dispatches studium:purchase", () => {
    const { target, events } = fakeBrowser();
    expect(recordPurchaseOnce(target, transaction)).toBe(true);
    const expected = { event: "purchase", transaction_id: 41, value: 123.45, currency: "PLN" };
    expect(target.window.dataLayer).toEqual([expected]);
    expect(events.map((e) => [e.type, e.detail])).toEqual([["studium:purchase", expected]]);
  });

  it("is sent once per transaction, also after a reload (a new page with the same storage)", () => {
    const first = fakeBrowser();
    recordPurchaseOnce(first.target, transaction);
    const reloaded = fakeBrowser();
    reloaded.target.storage = first.target.storage;
    expect(recordPurchaseOnce(reloaded.target, transaction)).toBe(false);
    expect(reloaded.target.window.dataLayer).toBeUndefined();
    expect(reloaded.events).toEqual([]);
    expect(recordPurchaseOnce(reloaded.target, { ...transaction, id: 42, hash: "k".repeat(32) })).toBe(true);
  });

  it("keeps an existing data layer", () => {
    const { target } = fakeBrowser();
    target.window.dataLayer = [{ event: "page_view" }];
    recordPurchaseOnce(target, transaction);
    expect(target.window.dataLayer).toHaveLength(2);
  });

  it("still sends once when storage is unavailable", () => {
    const { target, events } = fakeBrowser();
    target.storage = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("denied");
      },
    };
    expect(recordPurchaseOnce(target, transaction)).toBe(true);
    expect(events).toHaveLength(1);
  });
});

describe("the promo cookie", () => {
  it("is expired for the whole site", () => {
    const { target } = fakeBrowser();
    clearPromoCookie(target);
    expect(target.document.cookie).toMatch(/^studium_promo=; Max-Age=0; path=\//);
  });
});
