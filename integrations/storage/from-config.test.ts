// Which storage and video host the configuration picks, and the variables that must come together.
import { describe, expect, it } from "vitest";
import { videoHostFromConfig } from "#integrations/video/from-config.ts";
import { ConfigError, loadConfig } from "#platform/config.ts";
import { createStorageFromConfig } from "./from-config.ts";

const secret = Buffer.from("x".repeat(40));
const base = { DATA_DIR: "/tmp/studium-config-test" };

describe("storage from the configuration", () => {
  it("keeps files on disk by default and in the bucket when S3_BUCKET is set", () => {
    expect(createStorageFromConfig(loadConfig(base), secret).uploadsArriveHere).toBe(true);
    const s3 = createStorageFromConfig(
      loadConfig({
        ...base,
        S3_BUCKET: "files",
        S3_ACCESS_KEY_ID: "AKID",
        S3_SECRET_ACCESS_KEY: "secret",
        S3_ENDPOINT: "http://minio:9000",
        S3_FORCE_PATH_STYLE: "1",
      }),
      secret,
    );
    expect(s3.uploadsArriveHere).toBe(false);
    expect(s3.createSignedPutUrl("incoming/images/a.png", { contentType: "image/png", expiresInSeconds: 60 })).toMatch(
      /^http:\/\/minio:9000\/files\/incoming\/images\/a\.png\?X-Amz-Algorithm=AWS4-HMAC-SHA256&/,
    );
  });

  it("refuses S3_BUCKET without its keys, and a bad endpoint", () => {
    expect(() => loadConfig({ ...base, S3_BUCKET: "files" })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, S3_BUCKET: "files" })).toThrow(/S3_ACCESS_KEY_ID.*\n.*S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ ...base, S3_ENDPOINT: "ftp://x" })).toThrow(/S3_ENDPOINT/);
  });
});

describe("video host from the configuration", () => {
  it("is none by default and Bunny Stream with a library, its key and the webhook secret", () => {
    expect(videoHostFromConfig(loadConfig(base))).toBeNull();
    const host = videoHostFromConfig(
      loadConfig({ ...base, BUNNY_LIBRARY_ID: "759", BUNNY_API_KEY: "k", BUNNY_WEBHOOK_SECRET: "r" }),
    );
    expect(host?.provider).toBe("bunny");
    expect(host?.uploadAuthorization("eb1c4f77-0cda-46be-b47d-1118ad7c2ffe").endpoint).toBe(
      "https://video.bunnycdn.com/tusupload",
    );
  });

  it("refuses a Bunny library without the webhook secret, or a library id that is not a number", () => {
    expect(() => loadConfig({ ...base, BUNNY_LIBRARY_ID: "759", BUNNY_API_KEY: "k" })).toThrow(/BUNNY_WEBHOOK_SECRET/);
    expect(() => loadConfig({ ...base, BUNNY_API_KEY: "k", BUNNY_WEBHOOK_SECRET: "r" })).toThrow(/BUNNY_LIBRARY_ID/);
    expect(() => loadConfig({ ...base, BUNNY_LIBRARY_ID: "abc" })).toThrow(/BUNNY_LIBRARY_ID/);
  });
});
