// Where to send a visitor after login or registration (?next=), shared by the server's answers and the pages.
// Only a path on this site is accepted, and it comes back in the form a browser will read the same way:
// - browsers drop tabs and newlines from a URL and read "\" as "/", so "/\t/evil.example" or "/\evil.example"
//   become "//evil.example", another site: any control character or backslash refuses the value;
// - a Location header with a raw newline or a non-Latin-1 character makes Node throw (a 500): the path is
//   returned percent-encoded, as the WHATWG URL parser writes it.

const BASE = "http://studium.invalid";
const MAX_LENGTH = 2048;

/** The same-site path `value` names, or undefined when it is not one (absent, another site, a trick). */
export function safeNext(value: unknown): string | undefined {
  if (typeof value !== "string" || value.length > MAX_LENGTH) return undefined;
  if (!value.startsWith("/") || value.startsWith("//")) return undefined;
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (/[\u0000-\u001f\u007f-\u009f\\]/.test(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return undefined;
  }
  if (url.origin !== BASE) return undefined;
  const path = url.pathname + url.search + url.hash;
  // What goes out must read as the same path again (no "//" produced by the parser's normalisation).
  return path.startsWith("/") && !path.startsWith("//") ? path : undefined;
}
