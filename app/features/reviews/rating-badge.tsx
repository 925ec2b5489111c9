// A review's rating as words and a colour (spec §3 Review): recommended, neutral, not recommended.
import { Minus, ThumbsDown, ThumbsUp } from "lucide-react";
import { clsx } from "clsx";
import { ratingKind } from "#core/reviews/rating.ts";
import { useT } from "#app/lib/i18n.tsx";

const looks = {
  recommended: { icon: ThumbsUp, className: "bg-emerald-50 text-emerald-800 ring-emerald-200" },
  neutral: { icon: Minus, className: "bg-gray-50 text-gray-700 ring-gray-200" },
  not_recommended: { icon: ThumbsDown, className: "bg-red-50 text-red-800 ring-red-200" },
} as const;

export function RatingBadge({ rating }: { rating: number }) {
  const t = useT();
  const kind = ratingKind(rating);
  const { icon: Icon, className } = looks[kind];
  return (
    <span
      className={clsx(
        "inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1",
        className,
      )}
      data-rating={kind}
    >
      <Icon aria-hidden className="size-3.5" />
      {t(`reviews:${kind}`)}
    </span>
  );
}
