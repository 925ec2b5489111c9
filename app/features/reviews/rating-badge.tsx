// A review's rating as words and a colour (spec §3 Review): recommended, neutral, not recommended.
import { Minus, ThumbsDown, ThumbsUp } from "lucide-react";
import { ratingKind } from "#core/reviews/rating.ts";
import { useT } from "#app/lib/i18n.tsx";
import { Badge } from "#app/ui/badge.tsx";

const looks = {
  recommended: { icon: ThumbsUp, tone: "success" },
  neutral: { icon: Minus, tone: "neutral" },
  not_recommended: { icon: ThumbsDown, tone: "danger" },
} as const;

export function RatingBadge({ rating }: { rating: number }) {
  const t = useT();
  const kind = ratingKind(rating);
  const { icon, tone } = looks[kind];
  return (
    <Badge tone={tone} icon={icon} data-rating={kind}>
      {t(`reviews:${kind}`)}
    </Badge>
  );
}
