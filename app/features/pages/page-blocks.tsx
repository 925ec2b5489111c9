// A page's blocks, one below the other, as visitors see them (and the builder's preview): heading, Markdown text,
// image (the admin's 600 × 600 or 1280 × 800 upload), video (click to load), questions and answers (native
// disclosures: keyboard and screen readers work as they do everywhere), the single-course checkout button
// ('has access' or 'buy', with the price), the school's lead form (sent from this page's path), and the countdown
// with the promotion's prices in its slot; the carousel and the before/after comparison, whose libraries load only
// on pages that have one (React.lazy: rendered whole on the server, hydrated once their code arrives), the image
// gallery (the community's lightbox on click), testimonials, the pricing table and the
// instructor's bio.
import { lazy, Suspense } from "react";
import { ChevronDown } from "lucide-react";
import { useT } from "#app/lib/i18n.tsx";
import { CheckoutButton } from "#app/features/catalog/checkout-button.tsx";
import { RenderedMarkdown } from "#app/features/learning/components/markdown-text.tsx";
import { CountdownBlock } from "./countdown-block.tsx";
import type { BlockView } from "./site-page-data.server.ts";
import { VideoBlock } from "./video-block.tsx";
import { LeadForm } from "#app/features/leads/lead-form.tsx";
import { GalleryBlock } from "./gallery-block.tsx";
import { TestimonialsBlock } from "./testimonials-block.tsx";
import { PricingBlock } from "./pricing-block.tsx";
import { BioBlock } from "./bio-block.tsx";

const CarouselBlock = lazy(() => import("./carousel-block.tsx"));
const BeforeAfterBlock = lazy(() => import("./before-after-block.tsx"));

type PriceView = Extract<BlockView, { type: "checkout" }>["price"];

function PromoPrices({ price }: { price: PriceView }) {
  const t = useT();
  if (!price.promo || !price.regular) return null;
  return (
    <div className="flex flex-col gap-1" data-countdown-prices>
      <p className="text-base font-semibold">
        {t("pages:promo_price", { promo: price.promo, regular: price.regular })}
      </p>
      {price.lowest30 && <p className="opacity-90">{t("pages:lowest_30", { price: price.lowest30 })}</p>}
    </div>
  );
}

function Block({ block }: { block: BlockView }) {
  const t = useT();
  switch (block.type) {
    case "heading":
      return block.level === 2 ? (
        <h2 className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">{block.text}</h2>
      ) : (
        <h3 className="text-xl font-semibold text-balance sm:text-2xl">{block.text}</h3>
      );
    case "text":
      return <RenderedMarkdown html={block.html} />;
    case "image":
      return (
        <figure className="flex flex-col gap-2">
          <img
            src={block.src}
            alt={block.alt}
            loading="lazy"
            className="max-h-[800px] w-full rounded-2xl object-cover shadow-sm"
          />
          {block.caption && <figcaption className="text-center text-sm text-muted">{block.caption}</figcaption>}
        </figure>
      );
    case "video":
      return <VideoBlock provider={block.provider} src={block.src} title={block.title} />;
    case "faq":
      return (
        <div className="divide-y divide-gray-200 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-gray-200">
          {block.items.map((item, index) => (
            <details key={index} className="group">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 font-semibold hover:bg-gray-50 [&::-webkit-details-marker]:hidden">
                {item.question}
                <ChevronDown aria-hidden className="size-5 shrink-0 text-muted transition group-open:rotate-180" />
              </summary>
              <p className="px-5 pb-5 whitespace-pre-line text-ink">{item.answer}</p>
            </details>
          ))}
        </div>
      );
    case "checkout":
      return (
        <div className="flex flex-col items-center gap-3 rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-gray-200 sm:p-8">
          <p className="text-lg font-semibold">{block.course.title}</p>
          {!block.hasAccess && block.price.regular && (
            <p className="flex flex-wrap items-baseline justify-center gap-2">
              <span className="text-2xl font-bold">{block.price.promo ?? block.price.regular}</span>
              {block.price.promo && <s className="text-muted">{block.price.regular}</s>}
            </p>
          )}
          {!block.hasAccess && block.price.promo && block.price.lowest30 && (
            <p className="text-sm text-muted">{t("pages:lowest_30", { price: block.price.lowest30 })}</p>
          )}
          <div className="w-full sm:w-72">
            <CheckoutButton slug={block.course.slug} hasAccess={block.hasAccess} free={block.price.free} />
          </div>
        </div>
      );
    case "lead_form":
      return (
        <div className="mx-auto w-full max-w-xl rounded-2xl bg-white p-6 shadow-sm ring-1 ring-gray-200 sm:p-8">
          <LeadForm form={block.form} />
        </div>
      );
    case "carousel":
      return (
        <Suspense fallback={<div className="aspect-[4/3] w-full rounded-2xl bg-gray-100 min-[768px]:aspect-[8/3]" />}>
          <CarouselBlock slides={block.slides} autoplay={block.autoplay} />
        </Suspense>
      );
    case "before_after":
      return (
        <Suspense fallback={<div className="aspect-[4/3] w-full rounded-2xl bg-gray-100" />}>
          <BeforeAfterBlock before={block.before} after={block.after} start={block.start} />
        </Suspense>
      );
    case "gallery":
      return <GalleryBlock images={block.images} />;
    case "testimonials":
      return <TestimonialsBlock items={block.items} />;
    case "pricing":
      return <PricingBlock plans={block.plans} />;
    case "bio":
      return <BioBlock bio={block} />;
    case "countdown":
      return (
        <CountdownBlock
          blockId={block.id}
          mode={block.mode}
          endsAt={block.endsAt}
          expiredText={block.expiredText}
          bgColor={block.bgColor}
          textColor={block.textColor}
          customClasses={block.customClasses}
        >
          {block.price && <PromoPrices price={block.price} />}
        </CountdownBlock>
      );
  }
}

export function PageBlocks({ blocks }: { blocks: BlockView[] }) {
  return (
    <div className="flex flex-col gap-8 sm:gap-10">
      {blocks.map((block) => (
        <div key={block.id} data-block-id={block.id} data-block-type={block.type}>
          <Block block={block} />
        </div>
      ))}
    </div>
  );
}
