// /home/reviews: students' reviews for the admin to moderate (spec §4: approved or disapproved). A status filter
// (waiting, approved, disapproved, all, with counts), and per review 'Approve' / 'Disapprove' through
// POST /home/reviews/:id/approve | /disapprove (also plain forms before hydration). Only approved reviews show on
// the course pages; a change of status renews the cached pages.
import { Link, useLocation, useRevalidator } from "react-router";
import { clsx } from "clsx";
import { listReviewsForAdmin } from "#core/reviews/list-reviews-for-admin.ts";
import { reviewStatusFilter, reviewStatuses } from "#core/reviews/schemas.ts";
import type { ReviewStatus } from "#platform/db/schema.ts";
import { formatDateTime } from "#platform/i18n/format.ts";
import { pageContext } from "#server/page-context.ts";
import { api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { CsrfField } from "#app/features/accounts/csrf-field.tsx";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import { RatingBadge } from "#app/features/reviews/rating-badge.tsx";
import { Button } from "#app/ui/button.tsx";
import { FormAlert } from "#app/ui/field.tsx";
import { toast } from "#app/ui/toast.tsx";
import type { Route } from "./+types/reviews.ts";
import { Badge, type BadgeTone } from "#app/ui/badge.tsx";

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches[0]?.loaderData, "reviews:admin_title");
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, request: ctx } = context.get(pageContext);
  const status = reviewStatusFilter.parse(new URL(request.url).searchParams.get("status") ?? "pending");
  const { reviews, counts } = await listReviewsForAdmin(services.db, ctx.actor, status);
  return {
    status,
    counts: { ...counts, all: counts.pending + counts.approved + counts.disapproved },
    reviews: reviews.map((review) => ({
      ...review,
      date: formatDateTime(review.created_at, ctx.lang, ctx.school?.time_zone),
    })),
  };
}

const filters = [...reviewStatuses, "all"] as const;

const statusTone: Record<ReviewStatus, BadgeTone> = { pending: "warning", approved: "success", disapproved: "danger" };

/** Only keys this page's calls can produce are shown from ?error= (the plain forms' failures). */
function errorKey(search: string): string | undefined {
  const key = new URLSearchParams(search).get("error");
  return key && /^(validation|errors|reviews):[a-z_]+$/.test(key) ? key : undefined;
}

function ModerationButton({ id, action, name }: { id: number; action: "approve" | "disapprove"; name: string }) {
  const t = useT();
  const revalidator = useRevalidator();
  const url = `/home/reviews/${id}/${action}`;
  return (
    <form
      method="post"
      action={url}
      onSubmit={async (event) => {
        event.preventDefault();
        try {
          await api("POST", url, {});
          toast.success(t(action === "approve" ? "reviews:approved_toast" : "reviews:disapproved_toast"));
        } catch {
          // the api wrapper has said what went wrong
        }
        await revalidator.revalidate();
      }}
    >
      <CsrfField />
      <Button
        type="submit"
        variant={action === "approve" ? "primary" : "secondary"}
        aria-label={t(action === "approve" ? "reviews:approve_label" : "reviews:disapprove_label", { name })}
      >
        {t(action === "approve" ? "reviews:approve" : "reviews:disapprove")}
      </Button>
    </form>
  );
}

export default function ReviewsAdmin({ loaderData: d }: Route.ComponentProps) {
  const t = useT();
  const location = useLocation();
  const error = errorKey(location.search);
  const total = d.counts[d.status];
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">{t("reviews:admin_title")}</h1>
        <p className="mt-1 text-muted">{t("reviews:admin_intro")}</p>
      </div>
      <FormAlert message={error ? t(error) : undefined} />
      <nav aria-label={t("reviews:filter")}>
        <ul className="flex flex-wrap gap-2">
          {filters.map((status) => (
            <li key={status}>
              <Link
                to={`/home/reviews?status=${status}`}
                aria-current={d.status === status ? "page" : undefined}
                className={clsx(
                  "inline-flex min-h-10 items-center gap-2 rounded-full px-4 py-2 text-sm font-medium ring-1",
                  d.status === status
                    ? "bg-brand-600 text-white ring-brand-600"
                    : "bg-white text-ink ring-gray-300 hover:bg-gray-50",
                )}
              >
                {t(`reviews:status_${status}`)}
                <span className="tabular-nums">{d.counts[status]}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      {d.reviews.length === 0 ? (
        <p className="rounded-xl bg-white p-6 text-muted shadow-sm ring-1 ring-gray-200">{t("reviews:admin_empty")}</p>
      ) : (
        <ul className="flex flex-col gap-4" aria-label={t(`reviews:status_${d.status}`)}>
          {d.reviews.map((review) => (
            <li key={review.id}>
              <article
                className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200"
                data-review-id={review.id}
                data-status={review.status}
              >
                <div className="flex flex-wrap items-center gap-2">
                  <RatingBadge rating={review.rating} />
                  <Badge tone={statusTone[review.status]}>{t(`reviews:status_${review.status}`)}</Badge>
                  <span className="text-sm text-muted">{review.date}</span>
                </div>
                <p className="mt-3 text-sm">
                  <Link
                    to={`/${review.course.slug}`}
                    className="font-semibold text-brand-700 underline underline-offset-4"
                  >
                    {review.course.title}
                  </Link>
                </p>
                {review.title && <h2 className="mt-2 font-semibold">{review.title}</h2>}
                <p className="mt-1 whitespace-pre-line break-words">{review.body}</p>
                <p className="mt-2 text-sm text-muted">
                  {review.first_name}
                  {review.user_email && ` · ${review.user_email}`}
                </p>
                <div className="mt-4 flex flex-wrap gap-2">
                  {review.status !== "approved" && (
                    <ModerationButton id={review.id} action="approve" name={review.first_name} />
                  )}
                  {review.status !== "disapproved" && (
                    <ModerationButton id={review.id} action="disapprove" name={review.first_name} />
                  )}
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
      {total > d.reviews.length && (
        <p className="text-sm text-muted">{t("reviews:showing_first", { count: d.reviews.length })}</p>
      )}
    </div>
  );
}
