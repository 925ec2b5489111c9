// The before/after block's handle (spec §2 "Before/after image comparison", §9 "Slider default 50, step 0.1, range
// 0-100"): where the divide starts and how it moves. Pure, shared by the settings schema, the block
// (app/features/pages/before-after-block.tsx) and its tests.

export const SLIDER_MIN = 0;
export const SLIDER_MAX = 100;
export const SLIDER_STEP = 0.1;
export const SLIDER_START = 50;
/** PageUp and PageDown move this many steps at once (arrows move one step, Home and End to the ends). */
export const SLIDER_PAGE_STEPS = 100;

/** A position on the slider's grid: within 0-100 and a whole number of 0.1 steps. */
export function sliderPosition(value: number): number {
  if (!Number.isFinite(value)) return SLIDER_START;
  const clamped = Math.min(SLIDER_MAX, Math.max(SLIDER_MIN, value));
  return Math.round(clamped / SLIDER_STEP) / Math.round(1 / SLIDER_STEP);
}

/** Whether a stored start is already on the grid (the settings refuse one that is not). */
export function isSliderPosition(value: number): boolean {
  return Number.isFinite(value) && value >= SLIDER_MIN && value <= SLIDER_MAX && sliderPosition(value) === value;
}

/** The position after a key press on the focused handle, or null for a key the slider leaves alone. */
export function sliderKeyMove(position: number, key: string): number | null {
  const step = SLIDER_STEP;
  switch (key) {
    case "ArrowRight":
    case "ArrowUp":
      return sliderPosition(position + step);
    case "ArrowLeft":
    case "ArrowDown":
      return sliderPosition(position - step);
    case "PageUp":
      return sliderPosition(position + step * SLIDER_PAGE_STEPS);
    case "PageDown":
      return sliderPosition(position - step * SLIDER_PAGE_STEPS);
    case "Home":
      return SLIDER_MIN;
    case "End":
      return SLIDER_MAX;
    default:
      return null;
  }
}
