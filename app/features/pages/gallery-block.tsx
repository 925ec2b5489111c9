// The image gallery block: a grid (2 to a row on phones, 3 from 640 px) of buttons, each opening the community's
// lightbox (app/features/community/gallery/gallery-lightbox.tsx: full-screen, captions, thumbnails, arrows, Escape,
// 50 px swipes) at that image. The lightbox's code and styles load on the first click, not with the page.
import { lazy, Suspense, useState } from "react";
import type { ShownImage } from "#core/pages/get-site-page.ts";
import { useT } from "#app/lib/i18n.tsx";

const GalleryLightbox = lazy(() =>
  import("#app/features/community/gallery/gallery-lightbox.tsx").then((m) => ({ default: m.GalleryLightbox })),
);

export function GalleryBlock({ images }: { images: ShownImage[] }) {
  const t = useT();
  const [index, setIndex] = useState<number | null>(null);
  const [opened, setOpened] = useState(false);
  return (
    <div data-gallery>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {images.map((image, i) => (
          <li key={i}>
            <button
              type="button"
              onClick={() => {
                setOpened(true);
                setIndex(i);
              }}
              aria-label={t("pages:gallery_open", { n: i + 1, total: images.length })}
              className="block w-full overflow-hidden rounded-xl focus-visible:outline-offset-2"
              data-gallery-image={i}
            >
              <img
                src={image.src}
                alt={image.alt}
                loading="lazy"
                className="aspect-square w-full object-cover transition hover:scale-105"
              />
            </button>
          </li>
        ))}
      </ul>
      {opened && (
        <Suspense fallback={null}>
          <GalleryLightbox
            images={images.map((image) => ({ ...image, thumbnail: image.src }))}
            index={index}
            onClose={() => setIndex(null)}
            loop
          />
        </Suspense>
      )}
    </div>
  );
}
