// The storage the configuration asks for: an S3-compatible bucket when S3_BUCKET is set, otherwise files on
// disk under DATA_DIR/files. Used by the server (server/services.ts) and the CLI, so both write where the
// server reads.
import path from "node:path";
import type { Config } from "#platform/config.ts";
import { createDiskStorage } from "./disk.ts";
import { createS3Storage } from "./s3.ts";
import type { Storage } from "#core/ports/storage.ts";

export function createStorageFromConfig(config: Config, secret: Buffer): Storage {
  if (config.S3_BUCKET) {
    return createS3Storage({
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT || undefined,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      tempDir: path.join(config.dataDir, "tmp"),
    });
  }
  return createDiskStorage({ root: path.join(config.dataDir, "files"), secret });
}
