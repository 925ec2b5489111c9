// Where a file product's file is stored: products/<random>/<the file's own name, made storage-safe>. The prefix is
// not one that GET /files/ serves (core/media/storage-keys.ts keyOwner: "other"), so the file is private; buyers
// get it through GET /my/products/{slug}/download only.
import { randomBytes } from "node:crypto";
import { storageSafeName } from "../media/image-rules.ts";

/** The uploads.context of a file product's upload (core/media/upload-policy.ts knows it). */
export const PRODUCT_FILE_CONTEXT = "product-file";

export function newProductFileKey(filename: string): string {
  return `products/${randomBytes(12).toString("hex")}/${storageSafeName(filename)}`;
}
