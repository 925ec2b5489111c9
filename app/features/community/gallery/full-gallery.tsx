// The full gallery (spec §2 "Full gallery: 4 per row with 'More'; click-to-zoom"): the page's loader hands the
// first page in (rendered on the server), 'More' asks next_page_url for the next one; any image opens the lightbox.
import { useState } from "react";
import type { GalleryPage } from "#core/community/gallery.ts";
import { api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { Button } from "#app/ui/button.tsx";
import { GalleryLightbox } from "./gallery-lightbox.tsx";
import { ImageGrid } from "./image-grid.tsx";

export function FullGallery({ initial }: { initial: Pick<GalleryPage, "images" | "next_page_url"> }) {
  const t = useT();
  const [images, setImages] = useState(initial.images);
  const [next, setNext] = useState(initial.next_page_url);
  const [loading, setLoading] = useState(false);
  const [open, setOpen] = useState<number | null>(null);
  // A new first page (another topic's gallery): start again from it.
  const [from, setFrom] = useState(initial);
  if (from !== initial) {
    setFrom(initial);
    setImages(initial.images);
    setNext(initial.next_page_url);
    setOpen(null);
  }

  async function more() {
    if (!next) return;
    setLoading(true);
    try {
      const page = await api<GalleryPage>("POST", next);
      setImages((shown) => {
        const known = new Set(shown.map((image) => image.id));
        return [...shown, ...page.images.filter((image) => !known.has(image.id))];
      });
      setNext(page.next_page_url);
    } catch {
      // The api wrapper has said 'Something went wrong'; 'More' stays for another try.
    } finally {
      setLoading(false);
    }
  }

  return (
    <div aria-busy={loading}>
      <ImageGrid images={images} columns={4} onOpen={setOpen} testId="full-gallery" />
      <p role="status" className="sr-only">
        {loading ? t("gallery:loading") : ""}
      </p>
      {next && (
        <div className="mt-6 flex justify-center">
          <Button variant="secondary" onClick={() => void more()} disabled={loading}>
            {t("gallery:more")}
          </Button>
        </div>
      )}
      <GalleryLightbox images={images} index={open} onClose={() => setOpen(null)} />
    </div>
  );
}
