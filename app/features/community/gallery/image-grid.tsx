// The gallery's squares: each image a button that opens the lightbox at it (its caption is its accessible name).
import { clsx } from "clsx";
import type { GalleryImage } from "#core/community/gallery-images.ts";
import { useT } from "#app/lib/i18n.tsx";

export function ImageGrid({
  images,
  columns,
  onOpen,
  testId,
}: {
  images: GalleryImage[];
  columns: 3 | 4;
  onOpen: (index: number) => void;
  testId: string;
}) {
  const t = useT();
  return (
    <ul data-testid={testId} className={clsx("grid gap-1.5 sm:gap-2", columns === 3 ? "grid-cols-3" : "grid-cols-4")}>
      {images.map((image, index) => (
        <li key={image.id}>
          <button
            type="button"
            onClick={() => onOpen(index)}
            aria-label={t("gallery:open_image", { caption: image.caption })}
            data-post-id={image.post_id}
            className="block aspect-square w-full cursor-zoom-in overflow-hidden rounded-md bg-gray-100 ring-brand-600 ring-offset-2 focus-visible:outline-none focus-visible:ring-2"
          >
            <img
              src={image.thumbnail}
              alt=""
              width={image.width ?? undefined}
              height={image.height ?? undefined}
              loading="lazy"
              decoding="async"
              className="h-full w-full object-cover transition-transform duration-200 hover:scale-105"
            />
          </button>
        </li>
      ))}
    </ul>
  );
}
