// Formatting in the page's language: Polish dates DD.MM.YYYY (weeks start on Monday) and the spec's minutes
// format (§9); money is formatted by core/shared/money.ts. Pure: used by the server and the browser.
import type { Lang } from "./catalogs.ts";

const locales: Record<Lang, string> = { en: "en-GB", pl: "pl-PL" };

// Building an Intl formatter costs far more than using one (16% of a watch page with a long comment list was
// spent constructing date formatters): each is made once per language and time zone and reused.
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(kind: "day" | "time", lang: Lang, timeZone: string): Intl.DateTimeFormat {
  const key = `${kind} ${lang} ${timeZone}`;
  let format = dateFormats.get(key);
  if (!format) {
    const options: Intl.DateTimeFormatOptions =
      kind === "day"
        ? lang === "pl"
          ? { day: "2-digit", month: "2-digit", year: "numeric", timeZone }
          : { day: "numeric", month: "short", year: "numeric", timeZone }
        : { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone, timeZoneName: "short" };
    dateFormats.set(key, (format = new Intl.DateTimeFormat(locales[lang], options)));
  }
  return format;
}

/**
 * The day of an instant in the school's time zone (UTC when none is given: days that are whole UTC days, such as a
 * promotion's last day or a sales report's day, are passed without one).
 */
export function formatDate(value: string | Date, lang: Lang, timeZone = "UTC"): string {
  const date = typeof value === "string" ? new Date(value) : value;
  return dateFormat("day", lang, timeZone).format(date);
}

/** Day and time in the school's time zone, with the zone's short name ("CET", "GMT+2", "UTC"). */
export function formatDateTime(value: string | Date, lang: Lang, timeZone = "UTC"): string {
  const date = typeof value === "string" ? new Date(value) : value;
  return `${formatDate(date, lang, timeZone)} ${dateFormat("time", lang, timeZone).format(date)}`;
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

const longFormats = new Map<string, [Intl.DateTimeFormat, Intl.DateTimeFormat]>();

/** "3 December 2026, 09:00" / "3 grudnia 2026, 09:00" in the school's time zone (when locked content opens). */
export function formatLongDateTime(value: string | Date, lang: Lang, timeZone = "UTC"): string {
  const key = `${lang} ${timeZone}`;
  let formats = longFormats.get(key);
  if (!formats) {
    formats = [
      new Intl.DateTimeFormat(locales[lang], { day: "numeric", month: "long", year: "numeric", timeZone }),
      new Intl.DateTimeFormat(locales[lang], { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone }),
    ];
    longFormats.set(key, formats);
  }
  const date = typeof value === "string" ? new Date(value) : value;
  return `${formats[0].format(date)}, ${formats[1].format(date)}`;
}
