// The carousel block's rules (spec §2 "Carousel", §9): 3 slides on large screens, 2 below 992 px, 1 below 768 px
// (dots on, arrows off there); optional autoplay every 2500 ms, speed 500 ms, infinite. Pure, shared by the block
// (app/features/pages/carousel-block.tsx) and its tests.

/** Below this width two slides show instead of three. */
export const CAROUSEL_WIDE = 992;
/** Below this width one slide shows, with dots and without arrows. */
export const CAROUSEL_NARROW = 768;
/** Autoplay moves on every this many milliseconds. */
export const CAROUSEL_AUTOPLAY_MS = 2500;
/** A move takes this many milliseconds (the spec's "speed"). */
export const CAROUSEL_SPEED_MS = 500;

export type CarouselLayout = { slides: 1 | 2 | 3; arrows: boolean; dots: boolean };

/** What the carousel shows at a viewport this wide (CSS pixels), never more slides than there are. */
export function carouselLayout(width: number, slideCount: number): CarouselLayout {
  const wanted = width >= CAROUSEL_WIDE ? 3 : width >= CAROUSEL_NARROW ? 2 : 1;
  const slides = Math.max(1, Math.min(wanted, slideCount)) as 1 | 2 | 3;
  if (width < CAROUSEL_NARROW) return { slides, arrows: false, dots: true };
  return { slides, arrows: true, dots: false };
}

/**
 * Whether autoplay may run: the admin turned it on, there is something to move to, and the visitor has not asked
 * for reduced motion (then the slides move only when they press a button).
 */
export function autoplayRuns(options: { autoplay: boolean; slideCount: number; reducedMotion: boolean }): boolean {
  return options.autoplay && options.slideCount > 1 && !options.reducedMotion;
}
