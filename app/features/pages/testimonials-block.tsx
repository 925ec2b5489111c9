// The testimonials block: each quote as plain text (no Markdown, no links: React escapes it), the person's name,
// optionally their role and photo (else their initials in a circle). One column on phones, two from 640 px.
import { useT } from "#app/lib/i18n.tsx";
import type { BlockView } from "./site-page-data.server.ts";

type Testimonial = Extract<BlockView, { type: "testimonials" }>["items"][number];

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join("");
}

export function TestimonialsBlock({ items }: { items: Testimonial[] }) {
  const t = useT();
  return (
    <section aria-label={t("pages:testimonials_label")} className="grid gap-4 sm:grid-cols-2" data-testimonials>
      {items.map((item, index) => (
        <figure key={index} className="flex flex-col gap-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-gray-200">
          <blockquote className="whitespace-pre-line text-ink">{item.quote}</blockquote>
          <figcaption className="mt-auto flex items-center gap-3">
            {item.photo ? (
              <img src={item.photo} alt="" loading="lazy" className="size-12 rounded-full object-cover" />
            ) : (
              <span
                aria-hidden
                className="flex size-12 items-center justify-center rounded-full bg-brand-600 font-semibold text-white"
              >
                {initials(item.name)}
              </span>
            )}
            <span className="flex flex-col">
              <span className="font-semibold">{item.name}</span>
              {item.role && <span className="text-sm text-muted">{item.role}</span>}
            </span>
          </figcaption>
        </figure>
      ))}
    </section>
  );
}
