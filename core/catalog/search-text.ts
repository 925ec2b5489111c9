// Search is case- and accent-insensitive on both databases (SQLite has no unaccent): every course keeps a
// normalised copy of its title and description (courses.search_text), and queries are normalised the same way.

/** Lower case, no diacritics (Polish ł, ą, ę, ó, ś, ź, ż, ć, ń included), single spaces. */
export function normaliseForSearch(text: string): string {
  return text
    .toLowerCase()
    .replace(/ł/g, "l")
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .replace(/\s+/g, " ")
    .trim();
}

export function courseSearchText(course: { title: string; description: string }): string {
  return normaliseForSearch(`${course.title} ${course.description}`);
}
