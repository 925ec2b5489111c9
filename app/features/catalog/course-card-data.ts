// What a course card shows, formatted once by the page's loader in the school's language (the server render and
// the hydrated page then show the same text). Pure.
import { coverPhotoUrl } from "#core/catalog/cover-photo.ts";
import { isPromoActive } from "#core/catalog/course-price.ts";
import type { CourseSummary } from "#core/catalog/list-published-courses.ts";
import type { Lang } from "#platform/i18n/catalogs.ts";
import { formatMinutes } from "#platform/i18n/format.ts";
import { formatMoney } from "#core/shared/money.ts";

const EXCERPT_LENGTH = 180;

/** The first words of a text, cut at a word boundary, as one line of plain text. */
export function excerpt(text: string, length = EXCERPT_LENGTH): string {
  // Markdown to one line of text: no heading, quote or list marks, links as their text, no emphasis marks.
  const plain = text
    .replace(/^\s{0,3}(#{1,6}\s+|>\s?|[-*+]\s+|\d+[.)]\s+)/gm, "")
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[*_`~]+/g, "")
    .replace(/\s+/g, " ")
    .trim();
  if (plain.length <= length) return plain;
  const cut = plain.slice(0, length);
  return `${cut.slice(0, cut.lastIndexOf(" ") > 0 ? cut.lastIndexOf(" ") : length).replace(/[.,;:!?-]+$/, "")}…`;
}

export type CourseCardData = {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  cover: string | null;
  lectureCount: number;
  duration: string;
  /** the regular price, formatted; null when the course is free */
  price: string | null;
  /** the promo price while a promotion runs */
  promoPrice: string | null;
};

export function courseCardData(course: CourseSummary, lang: Lang, now: string): CourseCardData {
  const money = (cents: number) => formatMoney(cents, course.currency, lang);
  return {
    id: course.id,
    slug: course.slug,
    title: course.title,
    excerpt: excerpt(course.description),
    cover: coverPhotoUrl(course.cover_image),
    lectureCount: course.lecture_count,
    duration: formatMinutes(course.total_minutes),
    price: course.price_cents > 0 ? money(course.price_cents) : null,
    promoPrice: isPromoActive(course, now) ? money(course.promo_price_cents!) : null,
  };
}
