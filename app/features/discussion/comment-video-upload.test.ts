// The comment video upload's rules (spec §7, §8): which failures are retried, the messages, and where the file goes.
import { describe, expect, it } from "vitest";
import {
  commentVideoTarget,
  shouldRetryVideoUpload,
  tusOptions,
  videoUploadProblem,
  type CommentVideoUpload,
} from "./comment-video-upload.ts";

describe("the retry rule", () => {
  it("retries a lost connection, server errors, 409 and 423", () => {
    for (const status of [null, 0, 500, 502, 503, 504, 409, 423])
      expect(shouldRetryVideoUpload(status, true)).toBe(true);
  });

  it("does not retry other 4xx", () => {
    for (const status of [400, 401, 403, 404, 410, 412, 413, 415, 419, 422, 429]) {
      expect(shouldRetryVideoUpload(status, true)).toBe(false);
    }
  });

  it("does not retry while the browser is offline", () => {
    for (const status of [null, 500, 409, 423]) expect(shouldRetryVideoUpload(status, false)).toBe(false);
  });

  it("gives tus-js-client the delays 0, 3, 5, 10, 20 s and the rule", () => {
    const target = { endpoint: "/tus/videos", headers: {}, metadata: {} };
    let online = true;
    const noop = () => {};
    const options = tusOptions(target, { onProgress: noop, onSuccess: noop, onError: noop, isOnline: () => online });
    expect(options.retryDelays).toEqual([0, 3000, 5000, 10000, 20000]);
    const failed = (status: number | null) =>
      Object.assign(new Error("x"), { originalResponse: status === null ? null : { getStatus: () => status } });
    expect(options.onShouldRetry(failed(423))).toBe(true);
    expect(options.onShouldRetry(failed(403))).toBe(false);
    expect(options.onShouldRetry(failed(null))).toBe(true);
    online = false;
    expect(options.onShouldRetry(failed(null))).toBe(false);
  });

  it("reports progress in whole percent", () => {
    const seen: number[] = [];
    const noop = () => {};
    const options = tusOptions(
      { endpoint: "/tus/videos", headers: {}, metadata: {} },
      { onProgress: (p) => seen.push(p), onSuccess: noop, onError: noop },
    );
    options.onProgress(0, 300);
    options.onProgress(100, 300);
    options.onProgress(300, 300);
    expect(seen).toEqual([0, 33, 100]);
  });
});

describe("the messages", () => {
  it("names a too big file, an unavailable host and any other failure", () => {
    expect(videoUploadProblem(413)).toBe("too_big");
    expect(videoUploadProblem(503)).toBe("unavailable");
    expect(videoUploadProblem(404)).toBe("failed");
    expect(videoUploadProblem(null)).toBe("failed");
  });
});

describe("the target", () => {
  const signed = { AuthorizationSignature: "abc", AuthorizationExpire: 1900000000, VideoId: "7", title: "Hi" };
  const file = { name: "clip.mov", type: "video/quicktime" };

  it("sends our own endpoint the signed headers, the CSRF token and the video's id", () => {
    const upload: CommentVideoUpload = { ...signed, endpoint: "/tus/videos", LibraryId: "local" };
    expect(commentVideoTarget(upload, file, "token")).toEqual({
      endpoint: "/tus/videos",
      headers: {
        AuthorizationSignature: "abc",
        AuthorizationExpire: "1900000000",
        VideoId: "7",
        LibraryId: "local",
        "X-CSRF-TOKEN": "token",
        "X-Requested-With": "XMLHttpRequest",
      },
      metadata: { video_id: "7", filename: "clip.mov", filetype: "video/quicktime", title: "Hi" },
    });
  });

  it("never sends the CSRF token to a video host", () => {
    const upload: CommentVideoUpload = {
      ...signed,
      VideoId: "guid",
      endpoint: "https://video.bunnycdn.com/tusupload",
      LibraryId: "42",
    };
    const target = commentVideoTarget(upload, file, "token");
    expect(target.headers).toEqual({
      AuthorizationSignature: "abc",
      AuthorizationExpire: "1900000000",
      VideoId: "guid",
      LibraryId: "42",
    });
    expect(target.metadata).toEqual({ filetype: "video/quicktime", title: "Hi" });
    expect(commentVideoTarget({ ...upload, endpoint: "//evil.example/tus" }, file, "token").headers).not.toHaveProperty(
      "X-CSRF-TOKEN",
    );
  });
});
