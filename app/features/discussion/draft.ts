// A comment or reply typed when the session had expired: §8 sends the student to /login on a 419, so the text is
// kept in this tab's sessionStorage meanwhile and put back in its box when they come back. A storage that refuses
// (private mode, full) loses only this convenience.
const prefix = "studium:draft:";

export function keepDraft(key: string, text: string): void {
  try {
    sessionStorage.setItem(prefix + key, text);
  } catch {
    // nothing kept
  }
}

/** The kept text, once: it is removed as it is read. */
export function takeDraft(key: string): string {
  try {
    const text = sessionStorage.getItem(prefix + key);
    if (text !== null) sessionStorage.removeItem(prefix + key);
    return text ?? "";
  } catch {
    return "";
  }
}
