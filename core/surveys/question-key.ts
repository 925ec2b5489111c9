// A question's key: its kebab-cased title (spec §5). The answers are keyed by it, and the server's field errors
// name it (`response.<key>`), so the modal marks the right field. Pure: used by the client and the server alike.

/** "How did you find us?" -> "how-did-you-find-us"; letters of any alphabet stay (Polish titles keep ą, ł). */
export function questionKey(title: string): string {
  return title
    .normalize("NFC")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .join("-");
}
