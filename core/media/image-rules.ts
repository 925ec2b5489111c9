// What may be uploaded, decided by name before any byte moves (spec §5 "Image upload types"): the image
// extensions and their content types, safe file names, and the storage names the server makes up. Pure:
// the browser widget checks the same rules before it asks the server.

/** Spec §5: webp, jpeg, png, svg, gif (jpg is jpeg's other spelling); anything else is 'Bad file extension'. */
export const imageContentTypes = {
  webp: "image/webp",
  jpeg: "image/jpeg",
  jpg: "image/jpeg",
  png: "image/png",
  svg: "image/svg+xml",
  gif: "image/gif",
} as const;

export type ImageExtension = keyof typeof imageContentTypes;

/** The accept attribute of the file input. */
export const imageAccept = ".webp,.jpeg,.jpg,.png,.svg,.gif,image/webp,image/jpeg,image/png,image/svg+xml,image/gif";

/** The extension as the server compares it: lower case, without a leading dot. */
export function normaliseExtension(extension: string): string {
  return extension.trim().replace(/^\./, "").toLowerCase();
}

export function isImageExtension(extension: string): extension is ImageExtension {
  return Object.hasOwn(imageContentTypes, normaliseExtension(extension));
}

/** The last extension of a file name ("photo.final.PNG" -> "png"), or "" when it has none. */
export function extensionOf(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? "";
  const dot = base.lastIndexOf(".");
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : "";
}

export function imageContentTypeFor(extension: string): string | null {
  const normalised = normaliseExtension(extension);
  return isImageExtension(normalised) ? imageContentTypes[normalised] : null;
}

/**
 * A name as a person gave it, without any path: no slashes or backslashes, no '..', no control characters,
 * not empty, at most 200 characters. The server never stores files under this name; it is checked so that a
 * name meant to climb folders is refused rather than silently trusted somewhere later.
 */
export function isPlainFilename(filename: string): boolean {
  if (filename.length === 0 || filename.length > 200) return false;
  if (filename.trim() !== filename || filename === "." || filename.includes("..")) return false;
  // eslint-disable-next-line no-control-regex
  return !/[/\\\u0000-\u001f\u007f]/.test(filename);
}

/**
 * A storage-safe version of a file name (letters, digits, '.', '_', '-'; starts with a letter or digit),
 * keeping its extension: "Zadanie domowe ąę (1).PDF" -> "Zadanie-domowe-ae-1.pdf".
 */
export function storageSafeName(filename: string, fallback = "file"): string {
  const extension = extensionOf(filename)
    .replace(/[^a-z0-9]/g, "")
    .slice(0, 10);
  const stem = (extension ? filename.slice(0, filename.length - extension.length - 1) : filename)
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[łŁ]/g, (c) => (c === "ł" ? "l" : "L"))
    .replace(/[^A-Za-z0-9._-]+/g, "-")
    .replace(/[.]+/g, ".")
    .replace(/^[^A-Za-z0-9]+|[^A-Za-z0-9]+$/g, "")
    .slice(0, 80)
    .replace(/[^A-Za-z0-9]+$/g, "");
  const safeStem = stem || fallback;
  return extension ? `${safeStem}.${extension}` : safeStem;
}

/** Where an upload's context may be named: a short lower-case word or words joined by '-'. */
export function isUploadContext(context: string): boolean {
  return /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/.test(context) && context.length <= 40;
}
