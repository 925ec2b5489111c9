// The gallery preview beside a feed (spec §2 "Gallery preview: 3 images per row with 'See all'; appears only with
// at least one photo; show-more button at 6 or more photos"). Self-contained: a page's loader may hand in the
// answer of galleryPreview (rendered on the server); without it the preview asks
// POST /json/community/gallery-preview[/{topicId}] once it is in the browser. From 6 photos it starts folded to
// its first row, with 'Show more' to unfold the rest; any photo opens the lightbox over all of them.
import { useEffect, useState } from "react";
import { Link } from "react-router";
import type { GalleryPreview as GalleryPreviewData } from "#core/community/gallery-preview.ts";
import { api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { Button } from "#app/ui/button.tsx";
import { GalleryLightbox } from "./gallery-lightbox.tsx";
import { ImageGrid } from "./image-grid.tsx";

/** From this many photos the preview starts folded, with a show-more button (spec §9). */
export const SHOW_MORE_FROM = 6;
/** What the folded preview shows: one row of three. */
const FOLDED = 3;

export function previewJsonPath(topicId: number | null | undefined): string {
  return topicId ? `/json/community/gallery-preview/${topicId}` : "/json/community/gallery-preview";
}

export function GalleryPreview({ topicId = null, initial }: { topicId?: number | null; initial?: GalleryPreviewData }) {
  const t = useT();
  // Fetched in the browser when no loader handed the answer in (keyed by the topic it is for).
  const [fetched, setFetched] = useState<{ topicId: number | null; answer: GalleryPreviewData } | null>(null);
  const [unfolded, setUnfolded] = useState(false);
  const [open, setOpen] = useState<number | null>(null);

  useEffect(() => {
    if (initial) return;
    let current = true;
    api<GalleryPreviewData>("POST", previewJsonPath(topicId), undefined, { silent: true })
      .then((answer) => {
        if (current) setFetched({ topicId, answer });
      })
      // Without its photos the feed goes on without the preview.
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [topicId, initial]);

  const data = initial ?? (fetched?.topicId === topicId ? fetched.answer : null);
  if (!data || data.images.length === 0) return null;
  const foldable = data.images.length >= SHOW_MORE_FROM;
  const shown = foldable && !unfolded ? data.images.slice(0, FOLDED) : data.images;
  const headingId = `gallery-preview-${topicId ?? "all"}`;

  return (
    <section
      aria-labelledby={headingId}
      data-testid="gallery-preview"
      className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200"
    >
      <div className="mb-3 flex items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          {t("gallery:preview_title")}
        </h2>
        <Link to={data.see_all_url} className="text-sm font-semibold text-brand-700 hover:underline">
          {t("gallery:see_all")}
        </Link>
      </div>
      <ImageGrid images={shown} columns={3} onOpen={setOpen} testId="gallery-preview-grid" />
      {foldable && (
        <div className="mt-3 flex justify-center">
          <Button variant="ghost" aria-expanded={unfolded} onClick={() => setUnfolded((value) => !value)}>
            {unfolded ? t("gallery:show_less") : t("gallery:show_more")}
          </Button>
        </div>
      )}
      <GalleryLightbox images={data.images} index={open} onClose={() => setOpen(null)} />
    </section>
  );
}
