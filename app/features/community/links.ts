// A student's post is plain text (spec §3, §6) with its links made clickable: the text is cut into plain pieces
// and http(s) links, which the page renders as React text and <a> elements (never as HTML). Pure.
export type TextPiece = { kind: "text"; text: string } | { kind: "link"; text: string; href: string };

const linkPattern = /\bhttps?:\/\/[^\s<>"']+/gi;
/** Punctuation that ends a sentence rather than the link. */
const trailing = /[.,;:!?)\]}]+$/;

export function splitLinks(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let last = 0;
  for (const match of text.matchAll(linkPattern)) {
    let href = match[0];
    const cut = trailing.exec(href)?.[0] ?? "";
    href = href.slice(0, href.length - cut.length);
    const start = match.index;
    if (start > last) pieces.push({ kind: "text", text: text.slice(last, start) });
    let valid: boolean;
    try {
      valid = /^https?:$/.test(new URL(href).protocol);
    } catch {
      valid = false;
    }
    pieces.push(valid ? { kind: "link", text: href, href } : { kind: "text", text: href });
    last = start + href.length;
  }
  if (last < text.length) pieces.push({ kind: "text", text: text.slice(last) });
  return pieces.reduce<TextPiece[]>((merged, piece) => {
    const previous = merged.at(-1);
    if (piece.kind === "text" && previous?.kind === "text") previous.text += piece.text;
    else merged.push({ ...piece });
    return merged;
  }, []);
}
