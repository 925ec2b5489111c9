// How large an uploaded picture needs to be, by where it is used (spec §9 "image size hints 600x600 and
// 1280x800"): a course cover is shown up to 1280 × 800 (the sales page's hero, the catalog card), images of
// the admin's library go into lecture texts, which are no wider; anything else (post, reply and product
// pictures, avatars) is at most 600 × 600. The upload box scales larger rasters down to fit before sending
// (app/features/media/image-compression.ts). Pure: shared by the browser and the server.

export type SizeBox = { width: number; height: number };

export const DEFAULT_IMAGE_SIZE_HINT: SizeBox = { width: 600, height: 600 };

const hints: Record<string, SizeBox> = {
  "course-cover": { width: 1280, height: 800 },
  // an article's cover (issue 16, item 5): the article page's top, the list's card, shared links
  "article-cover": { width: 1280, height: 800 },
  library: { width: 1280, height: 800 },
  // a browser tab's icon is drawn at most 64 px (256 for a high-density home-screen shortcut)
  "school-favicon": { width: 256, height: 256 },
};

export function imageSizeHint(context: string): SizeBox {
  return Object.hasOwn(hints, context) ? hints[context]! : DEFAULT_IMAGE_SIZE_HINT;
}
