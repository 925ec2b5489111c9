// The payment core records what happened in fixed English phrases (failure reasons, notification details), which
// the logs and old rows share. The admin reads them in the page's language: the known phrases are translated
// here; anything else (a provider's own error text, an admin's reason) is shown as it was written.
import type { TFunction } from "i18next";

type Money = (cents: number) => string;

const patterns: Array<[RegExp, (t: TFunction, match: RegExpExecArray, money: Money) => string]> = [
  [/^\w+ reported a failed payment$/, (t) => t("transactions:note_provider_failed")],
  [/^abandoned$/, (t) => t("transactions:note_abandoned")],
  [/^paid$/, (t) => t("transactions:note_paid")],
  [/^failed$/, (t) => t("transactions:note_failed")],
  [/^already settled$/, (t) => t("transactions:note_already_settled")],
  [
    /^already ([A-Z_]+)$/,
    (t, m) => t("transactions:note_already", { status: t(`transactions:status_${m[1]}`, { defaultValue: m[1] }) }),
  ],
  [/^unknown order$/, (t) => t("transactions:note_unknown_order")],
  [
    /^amount (-?\d+) differs from the order's (-?\d+)$/,
    (t, m, money) => t("transactions:note_amount_differs", { got: money(Number(m[1])), expected: money(Number(m[2])) }),
  ],
  [
    /^currency (\S+) differs from the order's (\S+)$/,
    (t, m) => t("transactions:note_currency_differs", { got: m[1], expected: m[2] }),
  ],
];

export function translateProviderNote(t: TFunction, note: string, money: Money): string {
  for (const [pattern, translate] of patterns) {
    const match = pattern.exec(note);
    if (match) return translate(t, match, money);
  }
  return note;
}
