// The frame of a page the school sells from (a course's sales page, a product page): the draft banner an admin
// sees, the header with what is sold beside a box with the cover, the price and the checkout button, and below
// them the page's sections (the first one most often the description: AboutSection).
import type { ReactNode } from "react";
import { useT } from "#app/lib/i18n.tsx";
import { RenderedMarkdown } from "#app/features/learning/components/markdown-text.tsx";
import { CoverImage } from "./course-card.tsx";

export function SaleLayout({
  texts,
  status,
  header,
  boxLabel,
  cover,
  box,
  children,
}: {
  /** the namespace of the banner's texts (draft_banner, unpublished_banner) */
  texts: "catalog" | "products";
  status: "draft" | "published" | "unpublished";
  header: ReactNode;
  boxLabel: string;
  cover: string | null;
  box: ReactNode;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <>
      {status !== "published" && (
        <div className="border-b border-amber-200 bg-amber-50" data-testid="draft-banner">
          <p className="mx-auto max-w-6xl px-4 py-3 text-sm font-medium text-amber-900">
            {t(status === "draft" ? `${texts}:draft_banner` : `${texts}:unpublished_banner`)}
          </p>
        </div>
      )}
      <section className="border-b border-gray-200 bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto grid max-w-6xl gap-8 px-4 py-8 sm:py-12 lg:grid-cols-[minmax(0,1fr)_380px] lg:items-start">
          <div className="min-w-0">{header}</div>
          <aside aria-label={boxLabel} className="overflow-hidden rounded-xl bg-white shadow-md ring-1 ring-gray-200">
            <CoverImage src={cover} className="aspect-video w-full bg-brand-50 object-cover" />
            <div className="flex flex-col gap-4 p-5">{box}</div>
          </aside>
        </div>
      </section>

      <div className="mx-auto flex max-w-6xl flex-col gap-12 px-4 py-10 [&>*]:max-w-3xl">{children}</div>
    </>
  );
}

/** The description, rendered like lecture text (renderMarkdown in the loader); nothing when it is empty. */
export function AboutSection({ title, html, testId }: { title: string; html: string; testId: string }) {
  if (!html) return null;
  return (
    <section aria-labelledby="about-title">
      <h2 id="about-title" className="text-2xl font-bold">
        {title}
      </h2>
      <div className="mt-4" data-testid={testId}>
        <RenderedMarkdown html={html} />
      </div>
    </section>
  );
}
