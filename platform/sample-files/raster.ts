// A tiny RGB drawing surface for the sample course's pictures (the cover image and the frames of the welcome
// clip): a sunset over hills, seen through a camera's viewfinder (rule-of-thirds grid and corner marks). Shapes
// are anti-aliased by their pixel coverage. Pure and fast: a 1280x720 picture takes a few milliseconds.

export type Rgb = readonly [number, number, number];

export type Canvas = { width: number; height: number; pixels: Uint8Array };

export function createCanvas(width: number, height: number): Canvas {
  return { width, height, pixels: new Uint8Array(width * height * 3) };
}

function blend(canvas: Canvas, x: number, y: number, colour: Rgb, alpha: number) {
  if (alpha <= 0) return;
  const i = (y * canvas.width + x) * 3;
  const p = canvas.pixels;
  if (alpha >= 1) {
    p[i] = colour[0];
    p[i + 1] = colour[1];
    p[i + 2] = colour[2];
    return;
  }
  p[i] = Math.round(p[i]! + (colour[0] - p[i]!) * alpha);
  p[i + 1] = Math.round(p[i + 1]! + (colour[1] - p[i + 1]!) * alpha);
  p[i + 2] = Math.round(p[i + 2]! + (colour[2] - p[i + 2]!) * alpha);
}

const clamp01 = (value: number) => (value < 0 ? 0 : value > 1 ? 1 : value);

/** The whole canvas, top to bottom through the colour stops (at: 0 top .. 1 bottom). */
export function fillVerticalGradient(canvas: Canvas, stops: readonly { at: number; colour: Rgb }[]) {
  const { width, height, pixels } = canvas;
  for (let y = 0; y < height; y++) {
    const t = height === 1 ? 0 : y / (height - 1);
    let upper = stops.length - 1;
    for (let s = 1; s < stops.length; s++) {
      if (t <= stops[s]!.at) {
        upper = s;
        break;
      }
    }
    const a = stops[Math.max(0, upper - 1)]!;
    const b = stops[upper]!;
    const f = b.at === a.at ? 0 : clamp01((t - a.at) / (b.at - a.at));
    const r = Math.round(a.colour[0] + (b.colour[0] - a.colour[0]) * f);
    const g = Math.round(a.colour[1] + (b.colour[1] - a.colour[1]) * f);
    const bl = Math.round(a.colour[2] + (b.colour[2] - a.colour[2]) * f);
    for (let x = 0, i = y * width * 3; x < width; x++, i += 3) {
      pixels[i] = r;
      pixels[i + 1] = g;
      pixels[i + 2] = bl;
    }
  }
}

/** A disc; `alpha` for a translucent glow. */
export function fillCircle(canvas: Canvas, cx: number, cy: number, radius: number, colour: Rgb, alpha = 1) {
  const x0 = Math.max(0, Math.floor(cx - radius - 1));
  const x1 = Math.min(canvas.width - 1, Math.ceil(cx + radius + 1));
  const y0 = Math.max(0, Math.floor(cy - radius - 1));
  const y1 = Math.min(canvas.height - 1, Math.ceil(cy + radius + 1));
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const distance = Math.hypot(x + 0.5 - cx, y + 0.5 - cy);
      blend(canvas, x, y, colour, clamp01(radius - distance + 0.5) * alpha);
    }
  }
}

/** A soft halo around a disc: strongest at `inner`, fading out at `outer`. */
export function fillGlow(
  canvas: Canvas,
  cx: number,
  cy: number,
  inner: number,
  outer: number,
  colour: Rgb,
  peak: number,
) {
  const x0 = Math.max(0, Math.floor(cx - outer));
  const x1 = Math.min(canvas.width - 1, Math.ceil(cx + outer));
  const y0 = Math.max(0, Math.floor(cy - outer));
  const y1 = Math.min(canvas.height - 1, Math.ceil(cy + outer));
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const fade = 1 - clamp01((Math.hypot(x + 0.5 - cx, y + 0.5 - cy) - inner) / (outer - inner));
      blend(canvas, x, y, colour, fade * fade * peak);
    }
  }
}

/** Everything below the curve y = top(x) (a line of hills). */
export function fillBelow(canvas: Canvas, top: (x: number) => number, colour: Rgb) {
  for (let x = 0; x < canvas.width; x++) {
    const edge = top(x + 0.5);
    const first = Math.max(0, Math.floor(edge));
    if (first >= canvas.height) continue;
    blend(canvas, x, first, colour, clamp01(first + 1 - edge));
    for (let y = first + 1; y < canvas.height; y++) blend(canvas, x, y, colour, 1);
  }
}

export function fillRect(canvas: Canvas, x: number, y: number, w: number, h: number, colour: Rgb, alpha = 1) {
  const x0 = Math.max(0, Math.round(x));
  const y0 = Math.max(0, Math.round(y));
  const x1 = Math.min(canvas.width, Math.round(x + w));
  const y1 = Math.min(canvas.height, Math.round(y + h));
  for (let yy = y0; yy < y1; yy++) for (let xx = x0; xx < x1; xx++) blend(canvas, xx, yy, colour, alpha);
}

const sky: { at: number; colour: Rgb }[] = [
  { at: 0, colour: [30, 27, 75] },
  { at: 0.35, colour: [109, 40, 217] },
  { at: 0.58, colour: [219, 39, 119] },
  { at: 0.72, colour: [249, 115, 22] },
  { at: 1, colour: [253, 224, 71] },
];
const white: Rgb = [255, 255, 255];

/**
 * The sample course's picture: a sunset over two lines of hills, the sun on the right third line, framed like a
 * viewfinder. `sunset` 0 puts the sun high above the hills, 1 behind them (the welcome clip moves it).
 */
export function drawSunset(canvas: Canvas, options: { sunset: number } = { sunset: 0 }) {
  const { width: w, height: h } = canvas;
  const scale = Math.min(w / 1280, h / 720);
  const wave = (x: number, cycles: number, phase: number) => Math.sin((x / w) * 2 * Math.PI * cycles + phase);

  fillVerticalGradient(canvas, sky);
  const sunX = (2 / 3) * w;
  const sunY = h * (0.42 + 0.38 * clamp01(options.sunset));
  const sunRadius = 0.075 * h;
  fillGlow(canvas, sunX, sunY, sunRadius, sunRadius * 2.4, [254, 215, 170], 0.45);
  fillCircle(canvas, sunX, sunY, sunRadius, [254, 249, 195]);
  fillBelow(canvas, (x) => h * 0.64 + wave(x, 1.3, 0.5) * h * 0.04 + wave(x, 3.1, 0) * h * 0.015, [91, 33, 182]);
  fillBelow(canvas, (x) => h * 0.8 + wave(x, 0.9, 2) * h * 0.05 + wave(x, 2.7, 1) * h * 0.02, [30, 27, 75]);

  // The viewfinder: rule-of-thirds lines and corner marks.
  const line = Math.max(1, Math.round(2 * scale));
  for (const third of [1 / 3, 2 / 3]) {
    fillRect(canvas, Math.round(w * third) - line / 2, 0, line, h, white, 0.2);
    fillRect(canvas, 0, Math.round(h * third) - line / 2, w, line, white, 0.2);
  }
  const inset = Math.round(36 * scale);
  const arm = Math.round(64 * scale);
  const thick = Math.max(2, Math.round(5 * scale));
  for (const [cornerX, dirX] of [
    [inset, 1],
    [w - inset, -1],
  ] as const) {
    for (const [cornerY, dirY] of [
      [inset, 1],
      [h - inset, -1],
    ] as const) {
      fillRect(
        canvas,
        dirX > 0 ? cornerX : cornerX - arm,
        dirY > 0 ? cornerY : cornerY - thick,
        arm,
        thick,
        white,
        0.9,
      );
      fillRect(
        canvas,
        dirX > 0 ? cornerX : cornerX - thick,
        dirY > 0 ? cornerY : cornerY - arm,
        thick,
        arm,
        white,
        0.9,
      );
    }
  }
}
