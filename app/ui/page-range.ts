// Which page links a pager shows: the first, the last, the current one with `siblings` either side, and a gap
// where pages are left out. A gap never stands for one page (that page is shown instead), so the row keeps
// one length while the current page moves.
export type PageItem = number | "gap";

export function pageRange(page: number, pages: number, siblings = 1): PageItem[] {
  const total = Math.max(1, Math.floor(pages));
  const current = Math.min(Math.max(1, Math.floor(page)), total);
  // first + last + current + siblings + two gaps
  const slots = 2 * siblings + 5;
  if (total <= slots) return Array.from({ length: total }, (_, i) => i + 1);

  // The middle run is 2 * siblings + 1 long, kept clear of the ends so that a gap always hides two pages or more.
  const start = Math.max(Math.min(current - siblings, total - 2 * siblings - 2), 3);
  const end = Math.min(Math.max(current + siblings, 2 * siblings + 3), total - 2);
  const items: PageItem[] = [1, start > 3 ? "gap" : 2];
  for (let n = start; n <= end; n++) items.push(n);
  items.push(end < total - 2 ? "gap" : total - 1, total);
  return items;
}
