// The sales page's reviews list (spec §2, §9): nothing is fetched until the list comes within 250 px of the
// viewport (IntersectionObserver, rootMargin 250px); then POST /json/reviews {course_id, length} gives the first
// page of approved reviews, and 'More' the next one after the `length` already shown.
import { useCallback, useEffect, useRef, useState } from "react";
import type { PublicReview } from "#core/reviews/list-approved-reviews.ts";
import { formatDate } from "#platform/i18n/format.ts";
import { api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { useRootData, useTimeZone } from "#app/lib/root-data.ts";
import { Button } from "#app/ui/button.tsx";
import { RatingBadge } from "./rating-badge.tsx";

export const REVIEWS_LAZY_MARGIN = "250px";

type State = { reviews: PublicReview[]; more: boolean; loading: boolean; loaded: boolean };

export function ReviewsList({ courseId }: { courseId: number }) {
  const t = useT();
  const lang = useRootData()?.lang ?? "en";
  const timeZone = useTimeZone();
  const anchor = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<State>({ reviews: [], more: false, loading: false, loaded: false });
  const shown = useRef(0);

  const load = useCallback(async () => {
    setState((s) => ({ ...s, loading: true }));
    try {
      const page = await api<{ reviews: PublicReview[]; more: boolean }>("POST", "/json/reviews", {
        course_id: courseId,
        length: shown.current,
      });
      shown.current += page.reviews.length;
      setState((s) => ({ reviews: [...s.reviews, ...page.reviews], more: page.more, loading: false, loaded: true }));
    } catch {
      // The api wrapper has said 'Something went wrong'; 'More' stays for another try.
      setState((s) => ({ ...s, loading: false, loaded: true, more: s.loaded ? s.more : true }));
    }
  }, [courseId]);

  useEffect(() => {
    const element = anchor.current;
    if (!element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        void load();
      },
      { rootMargin: REVIEWS_LAZY_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [load]);

  return (
    <div
      ref={anchor}
      data-testid="reviews-list"
      data-loaded={state.loaded ? "true" : "false"}
      aria-busy={state.loading}
    >
      {state.reviews.length > 0 && (
        <ul className="flex flex-col gap-4">
          {state.reviews.map((review) => (
            <li key={review.id}>
              <article className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200" data-review-id={review.id}>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <RatingBadge rating={review.rating} />
                  <p className="text-sm text-muted">
                    {t("reviews:signed", {
                      name: review.first_name,
                      date: formatDate(review.created_at, lang, timeZone),
                    })}
                  </p>
                </div>
                {review.title && <h3 className="mt-3 font-semibold">{review.title}</h3>}
                <p className="mt-2 whitespace-pre-line break-words text-ink">{review.review}</p>
              </article>
            </li>
          ))}
        </ul>
      )}
      {state.loaded && !state.loading && state.reviews.length === 0 && !state.more && (
        <p className="text-muted">{t("reviews:empty")}</p>
      )}
      <p role="status" className="sr-only">
        {state.loading ? t("reviews:loading") : ""}
      </p>
      {state.loading && !state.loaded && <p className="text-muted">{t("reviews:loading")}</p>}
      {state.more && (
        <div className="mt-4">
          <Button variant="secondary" onClick={() => void load()} disabled={state.loading}>
            {t("reviews:more")}
          </Button>
        </div>
      )}
    </div>
  );
}
