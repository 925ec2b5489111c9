// A student with access reviews the course (POST /json/reviews/store {course_id, rating, title, body}): a rating
// of recommended (10), neutral (5) or not recommended (0), an optional title and the text. The review waits for
// approval. Also a plain form before hydration (the server redirects back with ?review=sent).
import { useId, useState } from "react";
import { REVIEW_RATINGS, ratingKind } from "#core/reviews/rating.ts";
import { REVIEW_BODY_MAX, REVIEW_TITLE_MAX, storeReviewSchema } from "#core/reviews/schemas.ts";
import type { OwnReview } from "#core/reviews/store-review.ts";
import { useT } from "#app/lib/i18n.tsx";
import { useApiForm } from "#app/lib/use-api-form.ts";
import { CsrfField } from "#app/features/accounts/csrf-field.tsx";
import { Button } from "#app/ui/button.tsx";
import { Field, FormAlert } from "#app/ui/field.tsx";
import { RatingBadge } from "./rating-badge.tsx";

function reviewBody(courseId: number) {
  return (form: FormData) => ({
    course_id: courseId,
    rating: form.get("rating") === null ? undefined : Number(form.get("rating")),
    title: String(form.get("title") ?? ""),
    body: String(form.get("body") ?? ""),
  });
}

export type OwnReviewView = Pick<OwnReview, "status" | "rating" | "title" | "body">;

/** The student's own review and where it stands (waiting, published, not approved). */
export function OwnReviewCard({ review }: { review: OwnReviewView }) {
  const t = useT();
  return (
    <section
      aria-labelledby="own-review"
      className="rounded-xl bg-brand-50 p-5 ring-1 ring-brand-100"
      data-own-review={review.status}
    >
      <h3 id="own-review" className="font-semibold">
        {t("reviews:own_title")}
      </h3>
      <p className="mt-1 text-sm text-muted">{t(`reviews:own_${review.status}`)}</p>
      <div className="mt-3">
        <RatingBadge rating={review.rating} />
      </div>
      {review.title && <p className="mt-2 font-semibold">{review.title}</p>}
      <p className="mt-1 whitespace-pre-line break-words">{review.body}</p>
    </section>
  );
}

export function ReviewForm({ courseId, onStored }: { courseId: number; onStored: (review: OwnReviewView) => void }) {
  const t = useT();
  const id = useId();
  const [rating, setRating] = useState<string>("");
  const form = useApiForm<{ review: OwnReview }>({
    url: "/json/reviews/store",
    schema: storeReviewSchema,
    toBody: reviewBody(courseId),
    onSuccess: ({ review }) => onStored(review),
  });
  const ratingErrors = form.errors.rating;
  const bodyErrors = form.errors.body;
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200">
      <h3 id={`${id}-title`} className="text-lg font-semibold">
        {t("reviews:write_title")}
      </h3>
      <p className="mt-1 text-sm text-muted">{t("reviews:write_intro")}</p>
      <form
        method="post"
        action="/json/reviews/store"
        onSubmit={form.onSubmit}
        noValidate
        className="mt-4 flex flex-col gap-4"
      >
        <CsrfField />
        <input type="hidden" name="course_id" value={courseId} />
        <FormAlert message={form.message} />
        <fieldset aria-describedby={ratingErrors ? `${id}-rating-error` : undefined}>
          <legend className="text-sm font-medium text-ink">{t("reviews:your_rating")}</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {REVIEW_RATINGS.map((value) => (
              <label
                key={value}
                className="flex min-h-10 cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm ring-1 ring-gray-300 has-[:checked]:bg-brand-50 has-[:checked]:ring-2 has-[:checked]:ring-brand-600"
              >
                <input
                  type="radio"
                  name="rating"
                  value={value}
                  checked={rating === String(value)}
                  onChange={() => setRating(String(value))}
                  className="accent-brand-600"
                />
                {t(`reviews:${ratingKind(value)}`)}
              </label>
            ))}
          </div>
          {ratingErrors && (
            <p id={`${id}-rating-error`} className="mt-1 text-sm text-red-700" data-field-error="rating">
              {ratingErrors.join(" ")}
            </p>
          )}
        </fieldset>
        <Field label={t("reviews:field_title")} name="title" maxLength={REVIEW_TITLE_MAX} errors={form.errors.title} />
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-body`} className="text-sm font-medium text-ink">
            {t("reviews:field_body")}
          </label>
          <textarea
            id={`${id}-body`}
            name="body"
            rows={4}
            maxLength={REVIEW_BODY_MAX}
            aria-invalid={bodyErrors ? true : undefined}
            aria-describedby={bodyErrors ? `${id}-body-error` : undefined}
            className={`rounded-md border bg-white px-3 py-2 text-base text-ink shadow-sm sm:text-sm ${bodyErrors ? "border-red-600" : "border-gray-300"}`}
          />
          {bodyErrors && (
            <p id={`${id}-body-error`} className="text-sm text-red-700" data-field-error="body">
              {bodyErrors.join(" ")}
            </p>
          )}
        </div>
        <div>
          <Button type="submit" disabled={form.pending}>
            {t("reviews:submit")}
          </Button>
        </div>
      </form>
    </section>
  );
}
