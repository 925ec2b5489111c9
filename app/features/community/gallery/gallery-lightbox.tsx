// The image lightbox (spec §2 "Image lightbox", §3 Lightbox image, §4 "Lightbox open when an index is set, closed
// when null"): yet-another-react-lightbox in a full-screen dark overlay, the image with its caption (the post's
// title and a link to the post), a thumbnail strip that can be hidden, previous/next/close, the left and right
// arrow keys and Escape, an optional loop, and clicking the image goes to the next one. The library makes the page
// behind inert and gives focus back to the thumbnail that opened it; Tab goes round inside (keepFocusInside).
// Swiping: the spec's distance is 50 px (§9), which the library does not let one set (it starts a drag at 30 px),
// so its own swipe is off and a pointer (mouse, pen or finger) moved 50 px or more sideways changes the image here.
// The pages' gallery block (app/features/pages/gallery-block.tsx) opens it too, with images of no post.
import { type KeyboardEvent, useMemo, useRef, useState } from "react";
import Lightbox, { type ControllerRef, type Slide } from "yet-another-react-lightbox";
import Captions from "yet-another-react-lightbox/plugins/captions";
import Thumbnails from "yet-another-react-lightbox/plugins/thumbnails";
import "yet-another-react-lightbox/styles.css";
import "yet-another-react-lightbox/plugins/captions.css";
import "yet-another-react-lightbox/plugins/thumbnails.css";
import type { GalleryImage } from "#core/community/gallery-images.ts";
import { useT } from "#app/lib/i18n.tsx";

/** A swipe changes the image from this many pixels sideways (spec §9). */
export const SWIPE_DISTANCE = 50;

/** Which way a pointer moved from `start` to `end` counts as a swipe: 1 next, -1 previous, 0 none. */
export function swipeDirection(start: { x: number; y: number }, end: { x: number; y: number }): -1 | 0 | 1 {
  const dx = end.x - start.x;
  const dy = end.y - start.y;
  if (Math.abs(dx) < SWIPE_DISTANCE || Math.abs(dx) <= Math.abs(dy)) return 0;
  return dx < 0 ? 1 : -1;
}

const FOCUSABLE = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Tab and Shift+Tab go round inside the open lightbox. The library makes the page behind inert, but from its last
 * control Tab would still leave the document (to the browser's own controls).
 */
function keepFocusInside(event: KeyboardEvent<HTMLDivElement>) {
  if (event.key !== "Tab") return;
  const dialog = (event.target as HTMLElement).closest?.('[role="dialog"]');
  if (!dialog) return;
  const focusable = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => !element.closest("[inert]") && element.getClientRects().length > 0,
  );
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  const active = document.activeElement as HTMLElement | null;
  const inList = active ? focusable.includes(active) : false;
  if (event.shiftKey && (active === first || !inList)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

/** An image the lightbox shows: a community image links its post; a page's gallery image has none. */
export type LightboxImage = Pick<GalleryImage, "src" | "thumbnail" | "alt" | "caption"> &
  Partial<Pick<GalleryImage, "width" | "height" | "post_id" | "post_url">>;

export function GalleryLightbox({
  images,
  index,
  onClose,
  loop = false,
  hideThumbnails = false,
}: {
  images: LightboxImage[];
  /** the image shown; null: closed */
  index: number | null;
  onClose: () => void;
  /** after the last image comes the first one again */
  loop?: boolean;
  /** the thumbnail strip starts hidden (its button shows it) */
  hideThumbnails?: boolean;
}) {
  const t = useT();
  const controller = useRef<ControllerRef>(null);
  const start = useRef<{ x: number; y: number; id: number } | null>(null);
  // A swipe that ends on the image is followed by a click on it: that click must not advance once more.
  const swiped = useRef(false);
  const [current, setCurrent] = useState(index ?? 0);

  // The same slides between renders: the library goes back to `index` whenever it is handed new ones.
  const slides: Slide[] = useMemo(
    () =>
      images.map((image) => ({
        src: image.src,
        alt: image.alt,
        width: image.width ?? undefined,
        height: image.height ?? undefined,
        thumbnail: image.thumbnail,
        title: image.caption,
        description: image.post_url ? (
          <a href={image.post_url} className="underline underline-offset-2 hover:text-white">
            {t("gallery:open_post")}
          </a>
        ) : undefined,
      })),
    [images, t],
  );
  const shown = images[Math.min(current, images.length - 1)];

  return (
    <div
      onKeyDown={keepFocusInside}
      onPointerDown={(event) => {
        start.current = { x: event.clientX, y: event.clientY, id: event.pointerId };
        swiped.current = false;
      }}
      onPointerUp={(event) => {
        const from = start.current;
        start.current = null;
        if (!from || from.id !== event.pointerId) return;
        const direction = swipeDirection(from, { x: event.clientX, y: event.clientY });
        if (direction === 0) return;
        swiped.current = true;
        if (direction === 1) controller.current?.next();
        else controller.current?.prev();
      }}
      onPointerCancel={() => {
        start.current = null;
      }}
    >
      <Lightbox
        open={index !== null}
        index={index ?? 0}
        close={onClose}
        slides={slides}
        plugins={[Captions, Thumbnails]}
        carousel={{ finite: !loop }}
        controller={{ ref: controller, disableSwipeNavigation: true }}
        captions={{ showToggle: false, descriptionTextAlign: "center" }}
        thumbnails={{ showToggle: true, hidden: hideThumbnails, vignette: false, width: 96, height: 64 }}
        on={{
          view: ({ index: viewed }) => setCurrent(viewed),
          click: () => {
            if (swiped.current) {
              swiped.current = false;
              return;
            }
            controller.current?.next();
          },
        }}
        styles={{ container: { backgroundColor: "rgba(0, 0, 0, 0.92)" } }}
        labels={{
          Previous: t("gallery:previous"),
          Next: t("gallery:next"),
          Close: t("gallery:close"),
          Lightbox: t("gallery:lightbox"),
          Carousel: t("gallery:carousel"),
          "Photo gallery": t("gallery:carousel"),
          Slide: t("gallery:slide"),
          "{index} of {total}": t("gallery:slide_of"),
          Thumbnails: t("gallery:thumbnails"),
          "Show thumbnails": t("gallery:show_thumbnails"),
          "Hide thumbnails": t("gallery:hide_thumbnails"),
          Caption: t("gallery:caption"),
          "Show captions": t("gallery:show_captions"),
          "Hide captions": t("gallery:hide_captions"),
        }}
        render={{
          controls: () =>
            shown ? (
              <p
                role="status"
                className="sr-only"
                data-testid="lightbox-status"
                data-index={current}
                data-post-id={shown.post_id}
              >
                {t("gallery:status", { index: current + 1, total: images.length, caption: shown.caption })}
              </p>
            ) : null,
        }}
      />
    </div>
  );
}
