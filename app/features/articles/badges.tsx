// Small labels of the articles: the editor's state (draft, scheduled, published) and who may read one.
import type { ArticleState } from "#core/articles/visibility.ts";
import type { ArticleVisibility } from "#platform/db/schema.ts";
import { useT } from "#app/lib/i18n.tsx";
import { Badge, type BadgeTone } from "#app/ui/badge.tsx";

const stateTone: Record<ArticleState, BadgeTone> = { published: "success", scheduled: "info", draft: "neutral" };

export function ArticleStateBadge({ state }: { state: ArticleState }) {
  const t = useT();
  return (
    <Badge tone={stateTone[state]} data-testid="article-state">
      {t(`articles:state_${state}`)}
    </Badge>
  );
}

/** "For students" / "For members"; nothing for a public article. */
export function ArticleReadersBadge({ visibility }: { visibility: ArticleVisibility }) {
  const t = useT();
  if (visibility === "public") return null;
  return (
    <Badge tone="warning" data-testid="article-readers">
      {t(visibility === "students" ? "articles:for_students" : "articles:for_members")}
    </Badge>
  );
}
