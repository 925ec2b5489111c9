// Upload limits (SECURITY.md "Uploads": size caps, pixel caps). Pure: the browser widgets check the same.
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** Neither side of an image may be longer (read from its header). */
export const MAX_IMAGE_SIDE = 10_000;
export const MAX_LECTURE_FILE_BYTES = 200 * 1024 * 1024;
export const MAX_VIDEO_BYTES = 2 * 1024 * 1024 * 1024;
/** A file product's file (core/products: e-books, archives, audio, video), stored privately under products/. */
export const MAX_PRODUCT_FILE_BYTES = 2 * 1024 * 1024 * 1024;

/** spec §7 "Video files: resumable upload ... retry delays 0, 3, 5, 10, 20 s" (tus-js-client retryDelays) */
export const VIDEO_RETRY_DELAYS: readonly number[] = [0, 3000, 5000, 10000, 20000];
/** spec §9 "Upload client defaults: retries 0, 1000, 3000, 5000 ms" (the signed PUT of images and files) */
export const PUT_RETRY_DELAYS: readonly number[] = [0, 1000, 3000, 5000];

/** An upload still unfinished after this long is abandoned: its row, its bytes and its tus pieces are removed. */
export const ABANDONED_UPLOAD_MS = 24 * 60 * 60 * 1000;
