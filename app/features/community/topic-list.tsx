// The topics the reader may open (the all-topics feed's side list): public ones and restricted ones with a key.
import { NavLink } from "react-router";
import { clsx } from "clsx";
import { Lock } from "lucide-react";
import type { TopicView } from "#core/community/topics.ts";
import { topicPath } from "#core/community/paths.ts";
import { useT } from "#app/lib/i18n.tsx";

export function TopicList({ topics }: { topics: TopicView[] }) {
  const t = useT();
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    clsx(
      "flex items-center justify-between gap-2 rounded-md px-3 py-2 text-sm font-medium hover:bg-gray-100",
      isActive ? "bg-brand-50 text-brand-700" : "text-ink",
    );
  return (
    <nav aria-label={t("community:topics_heading")} className="rounded-lg border border-gray-200 bg-white p-3">
      <h2 className="px-3 pb-2 text-sm font-semibold tracking-wide text-muted uppercase">
        {t("community:topics_heading")}
      </h2>
      <ul className="flex flex-col gap-1" data-testid="topic-list">
        <li>
          <NavLink to="/community" end className={linkClass}>
            {t("community:all_topics")}
          </NavLink>
        </li>
        {topics.map((topic) => (
          <li key={topic.id}>
            <NavLink to={topicPath(topic.id)} className={linkClass}>
              <span className="min-w-0 break-words">{topic.title}</span>
              {topic.visibility === "restricted" && (
                <>
                  <Lock aria-hidden className="size-4 shrink-0 text-muted" />
                  <span className="sr-only">{t("community:members_only")}</span>
                </>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
