// The WCAG 2.x contrast check of the school's brand colours (https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio).
// Pure: the settings form warns while the owner types, the server answers the same warnings after a save. A
// low contrast is warned about, never refused: the owner may keep a colour their brand book requires.
// Hand-written rather than a colour library: the formula is the standard's own dozen lines (decision 0033).

export const DEFAULT_BRAND_COLOR = "#2550e0";
export const DEFAULT_BRAND_TEXT_COLOR = "#ffffff";
/** WCAG AA for normal text */
export const AA_TEXT_RATIO = 4.5;

const hexColor = /^#[0-9a-f]{6}$/i;

export function isHexColor(value: string): boolean {
  return hexColor.test(value);
}

/** Relative luminance of an sRGB colour written #rrggbb. */
export function relativeLuminance(hex: string): number {
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** (L1 + 0.05) / (L2 + 0.05), lighter over darker: 1 (same colour) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

export type ContrastWarning = { pair: "text_on_brand" | "brand_on_white"; ratio: number };

/**
 * What falls short of AA: the text on the brand colour (buttons), and the brand colour as text on white (links).
 * Empty colours stand for the defaults.
 */
export function brandContrastWarnings(colors: { brand_color: string; brand_text_color: string }): ContrastWarning[] {
  const brand = isHexColor(colors.brand_color) ? colors.brand_color : DEFAULT_BRAND_COLOR;
  const text = isHexColor(colors.brand_text_color) ? colors.brand_text_color : DEFAULT_BRAND_TEXT_COLOR;
  const warnings: ContrastWarning[] = [];
  const onBrand = contrastRatio(brand, text);
  if (onBrand < AA_TEXT_RATIO) warnings.push({ pair: "text_on_brand", ratio: roundDown(onBrand) });
  const onWhite = contrastRatio(brand, "#ffffff");
  if (onWhite < AA_TEXT_RATIO) warnings.push({ pair: "brand_on_white", ratio: roundDown(onWhite) });
  return warnings;
}

// 4.48 is shown as 4.4, never rounded up to a passing 4.5.
function roundDown(ratio: number): number {
  return Math.floor(ratio * 10) / 10;
}
