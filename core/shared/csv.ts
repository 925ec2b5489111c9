// CSV for spreadsheets (the transactions export): UTF-8 with a byte order mark so that Excel reads Polish
// letters right, CRLF line ends, every field quoted when it holds a separator, a quote or a line break (quotes
// doubled, RFC 4180), and formula injection neutralised: a cell that starts with = + - @ (or a tab or carriage
// return, which some spreadsheets skip before reading a formula) gets a leading apostrophe, so that a buyer
// named "=HYPERLINK(...)" is shown as text and never evaluated.
export const BOM = "\uFEFF";

const formulaStart = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && formulaStart.test(text)) text = `'${text}`;
  return /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: (string | number | null | undefined)[][]): string {
  return BOM + rows.map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
