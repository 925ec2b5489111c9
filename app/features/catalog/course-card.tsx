// A course as a card (the home page and /courses): cover image (a placeholder when there is none), title linking
// to the sales page, an excerpt, the number of lectures, their total length, and the price, with the regular price
// struck through while a promotion runs. The loader formats everything once (course-card-data.ts), so that the
// server render and the hydrated page show the same text.
import { Link } from "react-router";
import { BookOpen, Clock } from "lucide-react";
import { useT } from "#app/lib/i18n.tsx";
import type { CourseCardData } from "./course-card-data.ts";
import placeholderImage from "./course-placeholder.svg?no-inline";
import { EmptyState } from "#app/ui/empty-state.tsx";

/** A cover image, or the placeholder; decorative (the title says what it is). */
export function CoverImage({ src, className }: { src: string | null; className?: string }) {
  return (
    <img
      src={src ?? placeholderImage}
      alt=""
      width={640}
      height={360}
      loading="lazy"
      decoding="async"
      className={className}
    />
  );
}

export function CourseCard({ course, headingLevel = 3 }: { course: CourseCardData; headingLevel?: 2 | 3 }) {
  const t = useT();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article
      className="relative flex h-full flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-gray-200 transition-shadow focus-within:ring-2 focus-within:ring-brand-600 hover:shadow-md"
      data-course={course.slug}
    >
      <CoverImage src={course.cover} className="aspect-video w-full bg-brand-50 object-cover" />
      <div className="flex flex-1 flex-col p-5">
        <Heading className="text-lg leading-snug font-semibold">
          <Link to={`/${course.slug}`} className="after:absolute after:inset-0 after:rounded-xl focus:outline-none">
            {course.title}
          </Link>
        </Heading>
        <p className="mt-2 flex-1 text-sm text-muted">{course.excerpt}</p>
        <div className="mt-5 flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-t border-gray-100 pt-4 text-sm">
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-muted">
            <span className="inline-flex items-center gap-1">
              <BookOpen aria-hidden className="size-4" />
              {t("catalog:lectures", { count: course.lectureCount })}
            </span>
            {course.duration && (
              <span className="inline-flex items-center gap-1">
                <Clock aria-hidden className="size-4" />
                <span aria-hidden>{course.duration}</span>
                <span className="sr-only">{t("catalog:duration", { duration: course.duration })}</span>
              </span>
            )}
          </p>
          <CardPrice course={course} />
        </div>
      </div>
    </article>
  );
}

function CardPrice({ course }: { course: CourseCardData }) {
  const t = useT();
  if (course.promoPrice) {
    return (
      <p className="flex flex-wrap items-baseline gap-x-2 font-semibold" data-price="promo">
        <span className="sr-only">{t("catalog:promo_price")}: </span>
        <span className="text-red-700">{course.promoPrice}</span>
        <span className="sr-only">{t("catalog:regular_price")}: </span>
        <s className="text-xs font-normal text-muted">{course.price}</s>
      </p>
    );
  }
  return (
    <p className="font-semibold text-ink" data-price="regular">
      <span className="sr-only">{t("catalog:price")}: </span>
      {course.price ?? t("catalog:free")}
    </p>
  );
}

/** The list of cards, or a friendly empty state. */
export function CourseGrid({ courses, headingLevel = 3 }: { courses: CourseCardData[]; headingLevel?: 2 | 3 }) {
  const t = useT();
  if (courses.length === 0) {
    return (
      <EmptyState
        className="mt-6"
        data-testid="courses-empty"
        icon={BookOpen}
        title={t("catalog:empty_title")}
        text={t("catalog:empty_text")}
      />
    );
  }
  return (
    <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {courses.map((course) => (
        <li key={course.id}>
          <CourseCard course={course} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
