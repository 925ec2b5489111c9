// The page of the full gallery (/community/gallery and /community/gallery/:topicId): a heading, the topic's title
// when the gallery is one topic's, the gallery itself, or an empty state.
import { ImageOff } from "lucide-react";
import { Link } from "react-router";
import type { GalleryPage as GalleryPageData } from "#core/community/gallery.ts";
import { useT } from "#app/lib/i18n.tsx";
import { EmptyState } from "#app/ui/empty-state.tsx";
import { FullGallery } from "./full-gallery.tsx";

export function GalleryPage({ page }: { page: GalleryPageData }) {
  const t = useT();
  const topic = page.community_topic;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t("gallery:title")}</h1>
      {topic && <p className="mt-2 text-xl font-semibold text-ink">{topic.title}</p>}
      <p className="mt-2 text-lg text-muted">
        {topic ? t("gallery:intro_topic", { topic: topic.title }) : t("gallery:intro")}
      </p>
      {topic && (
        <nav className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm font-semibold text-brand-700">
          <Link to={`/community/topics/${topic.id}`} className="hover:underline">
            {t("gallery:topic_feed")}
          </Link>
          <Link to="/community/gallery" className="hover:underline">
            {t("gallery:whole_community")}
          </Link>
        </nav>
      )}
      <div className="mt-8">
        {page.images.length === 0 ? (
          <EmptyState icon={ImageOff} title={t("gallery:empty")} text={t("gallery:empty_text")} />
        ) : (
          <FullGallery initial={page} />
        )}
      </div>
    </div>
  );
}
