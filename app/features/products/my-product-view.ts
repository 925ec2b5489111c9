// A product in the student's products as the page shows it, formatted once by the loader (so the server render
// and the hydrated page print the same): dates in the school's format, the file's size in its language.
import type { MyProduct } from "#core/products/list-my-products.ts";
import { formatDate, formatDateTime } from "#platform/i18n/format.ts";
import type { Lang } from "#platform/i18n/index.ts";
import { formatBytes } from "#app/features/media/upload-errors.ts";

export type MyProductView = {
  id: number;
  kind: MyProduct["kind"];
  slug: string;
  title: string;
  description: string;
  accessEnds: string | null;
  eventStartsAt: string | null;
  eventLink: string;
  file: { name: string; size: string; href: string } | null;
  courses: { id: number; title: string; href: string }[];
};

export function myProductView(product: MyProduct, lang: Lang, timeZone = "UTC"): MyProductView {
  return {
    id: product.id,
    kind: product.kind,
    slug: product.slug,
    title: product.title,
    description: product.description,
    accessEnds: product.access_ends_at ? formatDate(product.access_ends_at, lang) : null,
    eventStartsAt: product.event_starts_at ? formatDateTime(product.event_starts_at, lang, timeZone) : null,
    eventLink: product.event_link,
    file: product.file
      ? {
          name: product.file.name,
          size: formatBytes(product.file.size, lang),
          href: `/my/products/${encodeURIComponent(product.slug)}/download`,
        }
      : null,
    courses: product.courses.map((course) => ({ id: course.id, title: course.title, href: `/${course.slug}/watch` })),
  };
}
