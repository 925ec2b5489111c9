// The instructor's bio: their photo (or initials), name (h3, under the page's h2 headings), role line, the bio as
// plain text (React escapes it) or as Markdown rendered on the server by the text block's safe renderer, and up to
// five links (http(s) only, checked in core/pages/schemas.ts), each named by its label. Photo beside the text from
// 640 px, above it on phones.
import { ExternalLink } from "lucide-react";
import { useT } from "#app/lib/i18n.tsx";
import { RenderedMarkdown } from "#app/features/learning/components/markdown-text.tsx";
import type { BlockView } from "./site-page-data.server.ts";

type Bio = Extract<BlockView, { type: "bio" }>;

export function BioBlock({ bio }: { bio: Bio }) {
  const t = useT();
  return (
    <section
      aria-label={t("pages:bio_label", { name: bio.name })}
      className="flex flex-col gap-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-gray-200 sm:flex-row sm:p-8"
      data-bio
    >
      {bio.photo && (
        <img
          src={bio.photo}
          alt={t("pages:bio_photo_alt", { name: bio.name })}
          loading="lazy"
          className="size-32 shrink-0 self-center rounded-full object-cover sm:size-40 sm:self-start"
        />
      )}
      <div className="flex min-w-0 flex-col gap-3">
        <div>
          <h3 className="text-xl font-semibold text-balance sm:text-2xl">{bio.name}</h3>
          {bio.role && <p className="text-muted">{bio.role}</p>}
        </div>
        {bio.html !== null ? (
          <RenderedMarkdown html={bio.html} />
        ) : (
          <p className="whitespace-pre-line text-ink">{bio.text}</p>
        )}
        {bio.links.length > 0 && (
          <ul className="flex flex-wrap gap-x-4 gap-y-2">
            {bio.links.map((link, index) => (
              <li key={index}>
                <a
                  href={link.url}
                  rel="noopener noreferrer"
                  className="inline-flex min-h-10 items-center gap-1 font-semibold text-brand-700 underline underline-offset-2"
                >
                  {link.label}
                  <ExternalLink aria-hidden className="size-4" />
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
