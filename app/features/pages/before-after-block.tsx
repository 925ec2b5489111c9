// The before/after block (spec §2 "Before/after image comparison", §9): two images over each other and a handle
// dragged across them, starting where the admin set it (default 50), moving in 0.1 steps within 0-100, fluid with
// the window (react-compare-slider). Keyboard: the focused handle moves one step with the arrows, ten units with
// PageUp/PageDown, to the ends with Home/End (core/pages/compare-slider.ts); its label is in the page's language.
// Loaded only on pages that have one (page-blocks.tsx).
import type { KeyboardEvent } from "react";
import * as Slider from "react-compare-slider/components";
import { useReactCompareSlider } from "react-compare-slider/hooks";
import { sliderKeyMove } from "#core/pages/compare-slider.ts";
import type { ShownImage } from "#core/pages/get-site-page.ts";
import { useT } from "#app/lib/i18n.tsx";

export default function BeforeAfterBlock({
  before,
  after,
  start,
}: {
  before: ShownImage;
  after: ShownImage;
  start: number;
}) {
  const t = useT();
  // The library's own arrow-key move is off (0): every key goes through the one rule below.
  const slider = useReactCompareSlider({ defaultPosition: start, keyboardIncrement: 0 });
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = sliderKeyMove(slider.position.current, event.key);
    if (next === null) return;
    event.preventDefault();
    slider.setPosition(next);
  };
  return (
    <figure className="flex flex-col gap-2" data-before-after data-start={start}>
      <Slider.Provider {...slider}>
        <Slider.Root className="overflow-hidden rounded-2xl">
          <Slider.Item item="itemOne">
            <Slider.Image src={before.src} alt={before.alt || t("pages:before_label")} />
          </Slider.Item>
          <Slider.Item item="itemTwo">
            <Slider.Image src={after.src} alt={after.alt || t("pages:after_label")} />
          </Slider.Item>
          <Slider.HandleRoot aria-label={t("pages:slider_label")} onKeyDown={onKeyDown}>
            <Slider.Handle />
          </Slider.HandleRoot>
        </Slider.Root>
      </Slider.Provider>
      <figcaption className="flex justify-between text-sm font-semibold text-muted" aria-hidden>
        <span>{t("pages:before_label")}</span>
        <span>{t("pages:after_label")}</span>
      </figcaption>
    </figure>
  );
}
