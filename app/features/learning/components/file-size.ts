// A file's size for people: "820 B", "14 kB", "2.4 MB", in the page's language.
export function formatFileSize(bytes: number, lang: string): string {
  const locale = lang === "pl" ? "pl-PL" : "en-GB";
  const units = ["byte", "kilobyte", "megabyte", "gigabyte"] as const;
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return new Intl.NumberFormat(locale, {
    style: "unit",
    unit: units[unit],
    unitDisplay: "short",
    maximumFractionDigits: unit === 0 || value >= 10 ? 0 : 1,
  }).format(value);
}
