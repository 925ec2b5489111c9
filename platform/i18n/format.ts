// Formatting in the page's language: Polish dates DD.MM.YYYY (weeks start on Monday) and the spec's minutes
// format (§9); money is formatted by core/shared/money.ts. Pure: used by the server and the browser.
import type { Lang } from "./catalogs.ts";

const locales: Record<Lang, string> = { en: "en-GB", pl: "pl-PL" };

// Building an Intl formatter costs far more than using one (16% of a watch page with a long comment list was
// spent constructing date formatters): each is made once per language and reused.
const englishDate = new Intl.DateTimeFormat(locales.en, {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});
const times: Record<Lang, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat(locales.en, { hour: "2-digit", minute: "2-digit", timeZone: "UTC", hour12: false }),
  pl: new Intl.DateTimeFormat(locales.pl, { hour: "2-digit", minute: "2-digit", timeZone: "UTC", hour12: false }),
};

export function formatDate(value: string | Date, lang: Lang): string {
  const date = typeof value === "string" ? new Date(value) : value;
  if (lang === "pl") {
    const dd = String(date.getUTCDate()).padStart(2, "0");
    const mm = String(date.getUTCMonth() + 1).padStart(2, "0");
    return `${dd}.${mm}.${date.getUTCFullYear()}`;
  }
  return englishDate.format(date);
}

export function formatDateTime(value: string | Date, lang: Lang): string {
  const date = typeof value === "string" ? new Date(value) : value;
  const time = times[lang].format(date);
  return `${formatDate(date, lang)} ${time} UTC`;
}

/** First day of the week: Monday (1) in Polish, Sunday (0) in English. */
export function firstDayOfWeek(lang: Lang): 0 | 1 {
  return lang === "pl" ? 1 : 0;
}

/** §9: 'Xh Ymin' at 60 minutes or more, 'Ymin' below, nothing for zero. */
export function formatMinutes(minutes: number): string {
  if (!minutes || minutes <= 0) return "";
  if (minutes < 60) return `${minutes}min`;
  return `${Math.floor(minutes / 60)}h ${minutes % 60}min`;
}
