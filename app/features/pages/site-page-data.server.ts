// A page's blocks as the page shows them: core's resolved blocks (core/pages/get-site-page.ts) with the texts'
// Markdown rendered once on the server (the lectures' safe renderer), money in the page's language, and for each
// checkout button whether this viewer already has the course. Shared by the public page and the builder's
// preview. Server only.
import { getSitePage, type ShownBlock, type ShownPlan } from "#core/pages/get-site-page.ts";
import { hasCourseAccess } from "#core/learning/course-access.ts";
import type { Actor } from "#core/shared/actor.ts";
import { formatMoney } from "#core/shared/money.ts";
import type { Db } from "#platform/db/connection.ts";
import type { User } from "#platform/db/schema.ts";
import { formatDate } from "#platform/i18n/format.ts";
import type { Lang } from "#platform/i18n/catalogs.ts";
import { renderMarkdown } from "#app/features/learning/components/rendered-markdown.server.tsx";
import type { CoursePrice } from "#core/catalog/get-course-page.ts";

type PriceView = {
  free: boolean;
  regular: string | null;
  promo: string | null;
  lowest30: string | null;
  promoEnds: string | null;
};

export type PlanView = Omit<ShownPlan, "course"> & {
  course: { slug: string; price: PriceView; hasAccess: boolean } | null;
};

export type BlockView = { id: number } & (
  | Extract<
      ShownBlock,
      {
        type:
          | "heading"
          | "image"
          | "video"
          | "faq"
          | "lead_form"
          | "carousel"
          | "before_after"
          | "gallery"
          | "testimonials";
      }
    >
  | { type: "text"; html: string }
  | { type: "checkout"; course: { slug: string; title: string }; price: PriceView; hasAccess: boolean }
  | { type: "pricing"; plans: PlanView[] }
  | (Omit<Extract<ShownBlock, { type: "bio" }>, "text" | "markdown"> & { text: string; html: string | null })
  | (Omit<Extract<ShownBlock, { type: "countdown" }>, "course"> & { price: PriceView | null })
);

function priceView(price: CoursePrice, lang: Lang): PriceView {
  const money = (cents: number) => formatMoney(cents, price.currency, lang);
  return {
    free: price.regular_cents <= 0,
    regular: price.regular_cents > 0 ? money(price.regular_cents) : null,
    promo: price.promo_cents !== null ? money(price.promo_cents) : null,
    lowest30: price.lowest_30_days_cents !== null ? money(price.lowest_30_days_cents) : null,
    promoEnds: price.promo_ends_at ? formatDate(price.promo_ends_at, lang) : null,
  };
}

export async function loadSitePage(
  db: Db,
  options: { actor: Actor; user: Pick<User, "id" | "role"> | null; slug: string; lang: Lang; now: string },
) {
  const found = await getSitePage(db, options.actor, { slug: options.slug, now: options.now });
  if (!found) return null;
  const blocks: BlockView[] = await Promise.all(
    found.blocks.map(async (block): Promise<BlockView> => {
      switch (block.type) {
        case "text":
          return { id: block.id, type: "text", html: await renderMarkdown(db, block.markdown) };
        case "checkout":
          return {
            id: block.id,
            type: "checkout",
            course: { slug: block.course.slug, title: block.course.title },
            price: priceView(block.course.price, options.lang),
            hasAccess: await hasCourseAccess(db, options.user, block.course.id),
          };
        case "bio": {
          const { markdown, text, ...bio } = block;
          // Markdown goes out rendered only (its source, links and all, never reaches the page's data).
          return markdown ? { ...bio, text: "", html: await renderMarkdown(db, text) } : { ...bio, text, html: null };
        }
        case "pricing":
          return {
            id: block.id,
            type: "pricing",
            plans: await Promise.all(
              block.plans.map(async ({ course, ...plan }) => ({
                ...plan,
                course: course
                  ? {
                      slug: course.slug,
                      price: priceView(course.price, options.lang),
                      hasAccess: await hasCourseAccess(db, options.user, course.id),
                    }
                  : null,
              })),
            ),
          };
        case "countdown": {
          const { course, ...rest } = block;
          return { ...rest, price: course ? priceView(course.price, options.lang) : null };
        }
        default:
          return block;
      }
    }),
  );
  return { page: found.page, blocks, changesAt: found.changesAt };
}
