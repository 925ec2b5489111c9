// The carousel block (spec §2 "Carousel", §9): Embla with its autoplay plugin. 3 slides from 992 px, 2 from 768 px,
// 1 below (with dots, without arrows there: core/pages/carousel.ts); infinite; autoplay every 2500 ms when the admin
// turned it on. Accessible: a region described as a carousel, each slide "n of total", labelled buttons, autoplay
// pausing while the pointer is over it or focus inside, a stop button, and none of it (autoplay or animated moves)
// for a visitor who asked for reduced motion. Loaded only on pages that have a carousel (page-blocks.tsx).
import { useCallback, useEffect, useMemo, useState } from "react";
import useEmblaCarousel from "embla-carousel-react";
import Autoplay from "embla-carousel-autoplay";
import { ChevronLeft, ChevronRight, Pause, Play } from "lucide-react";
import {
  autoplayRuns,
  CAROUSEL_AUTOPLAY_MS,
  CAROUSEL_SPEED_MS,
  CAROUSEL_NARROW,
  CAROUSEL_WIDE,
  carouselLayout,
} from "#core/pages/carousel.ts";
import type { ShownImage } from "#core/pages/get-site-page.ts";
import { useT } from "#app/lib/i18n.tsx";
import { usePrefersReducedMotion } from "./reduced-motion.ts";

/**
 * Embla's `duration` is not in milliseconds (it is the length of its spring, 20-60 recommended, default 25); 500 ms
 * of the spec's speed is this value's order of magnitude (decision 0041).
 */
const EMBLA_DURATION = Math.round(CAROUSEL_SPEED_MS / 20);

/**
 * The layout rule (core/pages/carousel.ts) at each of its widths, as CSS classes, so that the served page (cached,
 * the same for every screen) is laid out right before any script runs. Every class is written out for Tailwind.
 */
const basis = {
  narrow: { 1: "basis-full", 2: "basis-1/2", 3: "basis-1/3" },
  medium: { 1: "min-[768px]:basis-full", 2: "min-[768px]:basis-1/2", 3: "min-[768px]:basis-1/3" },
  wide: { 1: "min-[992px]:basis-full", 2: "min-[992px]:basis-1/2", 3: "min-[992px]:basis-1/3" },
} as const;
const shown = {
  narrow: { true: "flex", false: "hidden" },
  medium: { true: "min-[768px]:flex", false: "min-[768px]:hidden" },
  wide: { true: "min-[992px]:flex", false: "min-[992px]:hidden" },
} as const;
const widths = { narrow: 0, medium: CAROUSEL_NARROW, wide: CAROUSEL_WIDE } as const;
type Width = keyof typeof widths;
const allWidths = Object.keys(widths) as Width[];

function slideClasses(count: number): string {
  return allWidths.map((w) => basis[w][carouselLayout(widths[w], count).slides]).join(" ");
}
function shownClasses(count: number, part: "arrows" | "dots"): string {
  return allWidths.map((w) => shown[w][`${carouselLayout(widths[w], count)[part]}`]).join(" ");
}

const buttonClass =
  "flex size-10 items-center justify-center rounded-full bg-white text-ink shadow-md ring-1 ring-gray-200 hover:bg-gray-50";

export default function CarouselBlock({ slides, autoplay }: { slides: ShownImage[]; autoplay: boolean }) {
  const t = useT();
  const reducedMotion = usePrefersReducedMotion();
  const runs = autoplayRuns({ autoplay, slideCount: slides.length, reducedMotion });
  const plugins = useMemo(
    () =>
      runs
        ? [
            Autoplay({
              delay: CAROUSEL_AUTOPLAY_MS,
              stopOnMouseEnter: true,
              stopOnFocusIn: true,
              stopOnInteraction: false,
            }),
          ]
        : [],
    [runs],
  );
  const [viewportRef, embla] = useEmblaCarousel(
    { loop: slides.length > 1, align: "start", duration: EMBLA_DURATION, dragThreshold: 5 },
    plugins,
  );
  const [selected, setSelected] = useState(0);
  const [playing, setPlaying] = useState(runs);

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    const onPlay = () => setPlaying(true);
    const onStop = () => setPlaying(false);
    onSelect();
    embla.on("select", onSelect).on("reInit", onSelect).on("autoplay:play", onPlay).on("autoplay:stop", onStop);
    return () => {
      embla.off("select", onSelect).off("reInit", onSelect).off("autoplay:play", onPlay).off("autoplay:stop", onStop);
    };
  }, [embla]);

  const go = useCallback(
    (to: "previous" | "next" | number) => {
      if (!embla) return;
      if (to === "previous") embla.scrollPrev(reducedMotion);
      else if (to === "next") embla.scrollNext(reducedMotion);
      else embla.scrollTo(to, reducedMotion);
    },
    [embla, reducedMotion],
  );
  const toggle = () => {
    const player = embla?.plugins().autoplay;
    if (!player) return;
    if (player.isPlaying()) player.stop();
    else player.play();
  };

  const many = slides.length > 1;
  return (
    <section
      aria-roledescription="carousel"
      aria-label={t("pages:carousel_label")}
      className="relative flex flex-col gap-3"
      data-carousel
      data-autoplay={runs ? "on" : "off"}
    >
      <div ref={viewportRef} className="overflow-hidden rounded-2xl">
        <div className="-ml-4 flex touch-pan-y">
          {slides.map((slide, index) => (
            <div
              key={index}
              role="group"
              aria-roledescription="slide"
              aria-label={t("pages:slide_of", { n: index + 1, total: slides.length })}
              className={`min-w-0 shrink-0 grow-0 pl-4 ${slideClasses(slides.length)}`}
              data-slide={index}
            >
              <figure className="flex flex-col gap-2">
                <img
                  src={slide.src}
                  alt={slide.alt}
                  loading={index < 3 ? "eager" : "lazy"}
                  draggable={false}
                  className="aspect-[4/3] w-full rounded-2xl object-cover"
                />
                {slide.caption && <figcaption className="text-center text-sm text-muted">{slide.caption}</figcaption>}
              </figure>
            </div>
          ))}
        </div>
      </div>
      {many && (
        <div className="flex items-center justify-center gap-3">
          <button
            type="button"
            onClick={() => go("previous")}
            aria-label={t("pages:carousel_previous")}
            className={`${buttonClass} ${shownClasses(slides.length, "arrows")}`}
            data-carousel-arrow="previous"
          >
            <ChevronLeft aria-hidden className="size-5" />
          </button>
          <div className={`flex-wrap justify-center gap-1 ${shownClasses(slides.length, "dots")}`} data-carousel-dots>
            {slides.map((_, index) => (
              <button
                key={index}
                type="button"
                onClick={() => go(index)}
                aria-label={t("pages:carousel_go_to", { n: index + 1 })}
                aria-current={index === selected ? "true" : undefined}
                className="flex size-6 items-center justify-center"
              >
                <span
                  aria-hidden
                  className={`block size-2.5 rounded-full ${index === selected ? "bg-brand-600" : "bg-gray-400"}`}
                />
              </button>
            ))}
          </div>
          {runs && (
            <button
              type="button"
              onClick={toggle}
              aria-label={playing ? t("pages:carousel_pause") : t("pages:carousel_play")}
              className={buttonClass}
              data-carousel-play={playing ? "playing" : "stopped"}
            >
              {playing ? <Pause aria-hidden className="size-4" /> : <Play aria-hidden className="size-4" />}
            </button>
          )}
          <button
            type="button"
            onClick={() => go("next")}
            aria-label={t("pages:carousel_next")}
            className={`${buttonClass} ${shownClasses(slides.length, "arrows")}`}
            data-carousel-arrow="next"
          >
            <ChevronRight aria-hidden className="size-5" />
          </button>
        </div>
      )}
    </section>
  );
}
