// The course sales page /{slug} (spec §2): cover, title, description (markdown, rendered safely), author, curriculum
// with lecture lengths (§9) and their free / login / paid marks, the price (with a running promotion: the promo
// price, the regular one struck through and the lowest price of the last 30 days, EU Omnibus), the checkout button
// ('has access' or 'buy'), and the reviews (loaded lazily, with 'More'). Visitors see published courses only (404
// otherwise); an admin also sees drafts, with a banner. Anonymous visitors get it from the rendered-page cache.
// An address that is no course's may be one of the admin's pages made of blocks (one namespace: decision 0036).
import { AppError } from "#core/errors.ts";
import { useState } from "react";
import { useLocation } from "react-router";
import { BookOpen, Clock, Star } from "lucide-react";
import { clsx } from "clsx";
import { coverPhotoUrl } from "#core/catalog/cover-photo.ts";
import { getCoursePage } from "#core/catalog/get-course-page.ts";
import { listPlansOpening } from "#core/memberships/list-plans-opening.ts";
import { hasCourseAccess } from "#core/learning/course-access.ts";
import { summariseApprovedReviews } from "#core/reviews/list-approved-reviews.ts";
import { findOwnReview } from "#core/reviews/store-review.ts";
import type { LectureAccess } from "#platform/db/schema.ts";
import { formatDate, formatMinutes } from "#platform/i18n/format.ts";
import { formatMoney } from "#core/shared/money.ts";
import { type PageCacheHandle, pageCacheHints } from "#server/page-cache-hints.ts";
import { pageContext } from "#server/page-context.ts";
import { useT } from "#app/lib/i18n.tsx";
import { CheckoutButton } from "#app/features/catalog/checkout-button.tsx";
import { SubscribePlans } from "#app/features/memberships/subscribe-button.tsx";
import { subscribePlansView } from "#app/features/memberships/subscribe-plans-view.ts";
import { excerpt } from "#app/features/catalog/course-card-data.ts";
import { PriceTag } from "#app/features/catalog/price-tag.tsx";
import { AboutSection, SaleLayout } from "#app/features/catalog/sale-layout.tsx";
import { saleMeta } from "#app/features/catalog/sale-meta.ts";
import { courseJsonLd } from "#app/features/seo/structured-data.ts";
import { OwnReviewCard, type OwnReviewView, ReviewForm } from "#app/features/reviews/review-form.tsx";
import { ReviewsList } from "#app/features/reviews/reviews-list.tsx";
import { renderMarkdown } from "#app/features/learning/components/rendered-markdown.server.tsx";
import type { Route } from "./+types/sales.ts";
import { Badge, type BadgeTone } from "#app/ui/badge.tsx";
import { loadSitePage } from "#app/features/pages/site-page-data.server.ts";
import { SitePage } from "#app/features/pages/site-page.tsx";

export const handle: PageCacheHandle = { pageCache: true };

const SEO_DESCRIPTION_LENGTH = 150;

export async function loader({ context, params }: Route.LoaderArgs) {
  const { request: ctx, services } = context.get(pageContext);
  const db = services.db;
  const viewer = ctx.user;
  const now = new Date().toISOString();
  const page = await getCoursePage(db, { slug: params.slug, includeUnpublished: viewer?.role === "admin", now });
  if (!page) {
    const site = await loadSitePage(db, { actor: ctx.actor, user: viewer, slug: params.slug, lang: ctx.lang, now });
    if (!site) throw new AppError("not_found");
    context.get(pageCacheHints).validUntil(site.changesAt);
    return {
      kind: "page" as const,
      ...site,
      seo: {
        title: site.page.seo_title || site.page.title,
        description: site.page.seo_description,
        url: `${ctx.baseUrl}/${site.page.slug}`,
        image: null,
        siteName: ctx.school?.name ?? "Studium",
        lang: ctx.lang,
      },
    };
  }
  context.get(pageCacheHints).validUntil(page.price_changes_at);

  const { course, price } = page;
  const [hasAccess, summary, ownReview, descriptionHtml, plans] = await Promise.all([
    hasCourseAccess(db, viewer, course.id),
    summariseApprovedReviews(db, course.id),
    viewer ? findOwnReview(db, viewer.id, course.id) : Promise.resolve(null),
    renderMarkdown(db, course.description),
    listPlansOpening(db, { courseId: course.id }),
  ]);
  const money = (cents: number) => formatMoney(cents, price.currency, ctx.lang);
  const cover = coverPhotoUrl(course.cover_image);
  return {
    kind: "course" as const,
    course: {
      id: course.id,
      slug: course.slug,
      title: course.title,
      descriptionHtml,
      status: course.status,
      cover,
      authorName: course.author_name,
      authorBio: course.author_bio,
    },
    seo: {
      title: course.seo_title || course.title,
      description: course.seo_description || excerpt(course.description, SEO_DESCRIPTION_LENGTH),
      url: `${ctx.baseUrl}/${course.slug}`,
      image: cover ? `${ctx.baseUrl}${cover}` : null,
      siteName: ctx.school?.name ?? "Studium",
      lang: ctx.lang,
      siteUrl: ctx.baseUrl,
      offer: {
        priceCents: Math.max(0, price.promo_cents ?? price.regular_cents),
        currency: price.currency,
        url: `${ctx.baseUrl}/${course.slug}`,
      },
      rating: summary.count ? { count: summary.count, average: summary.ratingTotal / summary.count } : null,
    },
    sections: page.sections.map((section) => ({
      id: section.id,
      title: section.title,
      duration: formatMinutes(section.lectures.reduce((sum, l) => sum + l.duration_minutes, 0)),
      lectures: section.lectures.map((lecture) => ({
        id: lecture.id,
        title: lecture.title,
        duration: formatMinutes(lecture.duration_minutes),
        access: lecture.access,
      })),
    })),
    lectureCount: page.lecture_count,
    duration: formatMinutes(page.total_minutes),
    price: {
      free: price.regular_cents <= 0,
      regular: price.regular_cents > 0 ? money(price.regular_cents) : null,
      promo: price.promo_cents !== null ? money(price.promo_cents) : null,
      lowest30: price.lowest_30_days_cents !== null ? money(price.lowest_30_days_cents) : null,
      promoEnds: price.promo_ends_at ? formatDate(price.promo_ends_at, ctx.lang) : null,
    },
    hasAccess,
    plans: hasAccess ? [] : subscribePlansView(plans, ctx.lang),
    reviews: {
      count: summary.count,
      recommendedPercent: summary.count ? Math.round((summary.recommended / summary.count) * 100) : null,
    },
    ownReview: ownReview
      ? { status: ownReview.status, rating: ownReview.rating, title: ownReview.title, body: ownReview.body }
      : null,
    canReview: Boolean(viewer && viewer.role === "student" && hasAccess),
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  // A 404 keeps the root's title for errors.
  if (!loaderData) return matches[0]?.meta ?? [];
  if (loaderData.kind === "page") {
    const { seo, page } = loaderData;
    return saleMeta(seo, {
      title: `${seo.title} · ${seo.siteName}`,
      type: "website",
      published: page.status === "published",
    });
  }
  const { seo, course } = loaderData;
  return saleMeta(seo, {
    title: `${seo.title} · ${seo.siteName}`,
    type: "website",
    published: course.status === "published",
    jsonLd: courseJsonLd({
      title: course.title,
      description: seo.description,
      url: seo.url,
      image: seo.image,
      school: seo.siteName,
      siteUrl: seo.siteUrl,
      offer: seo.offer,
      rating: seo.rating,
    }),
  });
}

// A dot rather than an icon per lecture: a long curriculum would carry an SVG for every row.
const accessLooks: Record<LectureAccess, { dot: string; tone: BadgeTone }> = {
  free: { dot: "bg-emerald-500", tone: "success" },
  login: { dot: "bg-brand-500", tone: "info" },
  paid: { dot: "bg-gray-400", tone: "neutral" },
};

type Data = Extract<Route.ComponentProps["loaderData"], { kind: "course" }>;

function Curriculum({ sections }: { sections: Data["sections"] }) {
  const t = useT();
  if (sections.length === 0) return <p className="mt-4 text-muted">{t("catalog:no_lectures")}</p>;
  return (
    <ol className="mt-4 flex flex-col gap-4">
      {sections.map((section) => (
        <li
          key={section.id}
          className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-gray-200"
          data-section-id={section.id}
        >
          <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-b border-gray-100 bg-gray-50 px-4 py-3">
            <h3 className="font-semibold">{section.title}</h3>
            <p className="text-sm text-muted">
              {t("catalog:lectures", { count: section.lectures.length })}
              {section.duration && ` · ${section.duration}`}
            </p>
          </div>
          <ol className="divide-y divide-gray-100">
            {section.lectures.map((lecture) => {
              const look = accessLooks[lecture.access];
              return (
                <li
                  key={lecture.id}
                  className="flex items-start gap-3 px-4 py-3 text-sm"
                  data-lecture-id={lecture.id}
                  data-access={lecture.access}
                >
                  <span aria-hidden className={clsx("mt-1.5 size-2 shrink-0 rounded-full", look.dot)} />
                  <div className="flex min-w-0 flex-1 flex-col gap-1 sm:flex-row sm:items-center sm:gap-3">
                    <span className="min-w-0 break-words sm:flex-1" data-lecture-title>
                      {lecture.title}
                    </span>
                    <span className="flex shrink-0 items-center gap-3">
                      <Badge tone={look.tone} data-access-mark>
                        {t(`catalog:access_${lecture.access}`)}
                      </Badge>
                      {lecture.duration && (
                        <span className="whitespace-nowrap text-muted tabular-nums sm:min-w-16 sm:text-right">
                          <span aria-hidden data-duration>
                            {lecture.duration}
                          </span>
                          <span className="sr-only">{t("catalog:lecture_length", { duration: lecture.duration })}</span>
                        </span>
                      )}
                    </span>
                  </div>
                </li>
              );
            })}
          </ol>
        </li>
      ))}
    </ol>
  );
}

function Reviews({ data }: { data: Data }) {
  const t = useT();
  const location = useLocation();
  const [stored, setStored] = useState<OwnReviewView | null>(null);
  const own = stored ?? data.ownReview;
  const sentByForm = new URLSearchParams(location.search).get("review") === "sent";
  return (
    <section id="reviews" aria-labelledby="reviews-title" className="scroll-mt-6">
      <div>
        <h2 id="reviews-title" className="text-2xl font-bold">
          {t("reviews:title")}
        </h2>
        <p className="mt-1 text-sm text-muted" data-testid="reviews-summary">
          {[
            t("reviews:count", { count: data.reviews.count }),
            data.reviews.recommendedPercent !== null
              ? t("reviews:recommended_share", { percent: data.reviews.recommendedPercent })
              : "",
          ]
            .filter(Boolean)
            .join(" · ")}
        </p>
      </div>
      <div className="mt-4 flex flex-col gap-6">
        {(stored || sentByForm) && (
          <p
            role="status"
            className="rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-800"
          >
            {t("reviews:sent")}
          </p>
        )}
        {own ? (
          <OwnReviewCard review={own} />
        ) : (
          data.canReview && <ReviewForm courseId={data.course.id} onStored={setStored} />
        )}
        <ReviewsList courseId={data.course.id} />
      </div>
    </section>
  );
}

export default function SalesPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "page") return <SitePage page={loaderData.page} blocks={loaderData.blocks} />;
  return <CourseSalesPage data={loaderData} />;
}

function CourseSalesPage({ data }: { data: Data }) {
  const t = useT();
  const { course } = data;
  return (
    <div data-course-page={course.slug}>
      <SaleLayout
        texts="catalog"
        status={course.status}
        header={
          <>
            <h1 className="text-3xl font-bold tracking-tight break-words sm:text-4xl">{course.title}</h1>
            {course.authorName && (
              <p className="mt-3 text-lg text-muted">{t("catalog:author_by", { name: course.authorName })}</p>
            )}
            <ul className="mt-5 flex flex-wrap gap-x-5 gap-y-2 text-sm text-muted">
              <li className="inline-flex items-center gap-1.5">
                <BookOpen aria-hidden className="size-4" />
                {t("catalog:lectures", { count: data.lectureCount })}
              </li>
              {data.duration && (
                <li className="inline-flex items-center gap-1.5">
                  <Clock aria-hidden className="size-4" />
                  {t("catalog:duration", { duration: data.duration })}
                </li>
              )}
              {data.reviews.count > 0 && (
                <li className="inline-flex items-center gap-1.5">
                  <Star aria-hidden className="size-4" />
                  <a href="#reviews" className="underline underline-offset-4 hover:text-ink">
                    {t("reviews:count", { count: data.reviews.count })}
                  </a>
                </li>
              )}
            </ul>
          </>
        }
        boxLabel={t("catalog:course_details")}
        cover={course.cover}
        box={
          <>
            <PriceTag price={data.price} />
            <CheckoutButton slug={course.slug} hasAccess={data.hasAccess} free={data.price.free} />
            <SubscribePlans plans={data.plans} />
          </>
        }
      >
        <AboutSection title={t("catalog:about_course")} html={course.descriptionHtml} testId="course-description" />
        <section aria-labelledby="curriculum-title">
          <h2 id="curriculum-title" className="text-2xl font-bold">
            {t("catalog:curriculum")}
          </h2>
          <Curriculum sections={data.sections} />
        </section>
        {(course.authorName || course.authorBio) && (
          <section aria-labelledby="author-title">
            <h2 id="author-title" className="text-2xl font-bold">
              {t("catalog:author")}
            </h2>
            {course.authorName && <p className="mt-4 text-lg font-semibold">{course.authorName}</p>}
            {course.authorBio && <p className="mt-2 whitespace-pre-line break-words text-ink">{course.authorBio}</p>}
          </section>
        )}
        <Reviews data={data} />
      </SaleLayout>
    </div>
  );
}
