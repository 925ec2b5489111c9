// A small copy of an image for grids (the community gallery shows 3 or 4 to a row, spec §9): at most
// THUMBNAIL_MAX_SIDE pixels on its longer side (two device pixels per CSS pixel of a cell 1280 px wide), as a
// lossy WebP of the first frame. A 600 KB photo becomes a few tens of KB, so a page of 24 loads fast on a phone;
// the lightbox and the post keep the full image.
import { loadSharp } from "./reencode-image.ts";

export const THUMBNAIL_MAX_SIDE = 480;

export type Thumbnail = { bytes: Buffer; width: number; height: number };

/** The thumbnail of an image already checked and re-encoded (never smaller images made larger). */
export async function makeThumbnail(bytes: Buffer): Promise<Thumbnail> {
  const sharp = await loadSharp();
  const { data, info } = await sharp(bytes, { animated: false, failOn: "error" })
    .resize({ width: THUMBNAIL_MAX_SIDE, height: THUMBNAIL_MAX_SIDE, fit: "inside", withoutEnlargement: true })
    .webp({ quality: 70 })
    .toBuffer({ resolveWithObject: true });
  return { bytes: data, width: info.width, height: info.height };
}

/** Where an image's thumbnail is stored: beside it, with the same random name. */
export function thumbnailKey(imageKey: string): string {
  return imageKey.replace(/\.[a-z]+$/, "") + ".thumb.webp";
}
