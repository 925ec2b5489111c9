// The school's brand colours as the stylesheet's custom properties (app/app.css): every bg-brand-*, text-brand-*
// and focus ring follows them. The lighter and darker shades are mixed from the one colour the owner chose.
import type { CSSProperties } from "react";

export function brandStyle(colors: { brand: string; onBrand: string } | null): CSSProperties | undefined {
  if (!colors) return undefined;
  return {
    "--color-brand-50": `color-mix(in srgb, ${colors.brand} 8%, white)`,
    "--color-brand-100": `color-mix(in srgb, ${colors.brand} 16%, white)`,
    "--color-brand-500": `color-mix(in srgb, ${colors.brand} 85%, white)`,
    "--color-brand-600": colors.brand,
    "--color-brand-700": `color-mix(in srgb, ${colors.brand} 82%, black)`,
    "--color-on-brand": colors.onBrand,
  } as CSSProperties;
}
