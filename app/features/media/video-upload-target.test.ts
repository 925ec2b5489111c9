// The tus client's target: our endpoint with the CSRF token, or the video host with its signed headers and
// nothing of our session.
import { describe, expect, it } from "vitest";
import { tusTarget } from "./video-upload-target.ts";

const file = { name: "lesson 1.mp4", type: "video/mp4" };

describe("tusTarget", () => {
  it("sends a local upload to our endpoint with the CSRF token and the video's id", () => {
    expect(tusTarget({ endpoint: "/tus/videos", VideoId: "12", title: "Intro" }, file, "token-1")).toEqual({
      endpoint: "/tus/videos",
      headers: { "X-CSRF-TOKEN": "token-1", "X-Requested-With": "XMLHttpRequest" },
      metadata: { video_id: "12", filename: "lesson 1.mp4", filetype: "video/mp4", title: "Intro" },
    });
  });

  it("sends a hosted upload to the host with its signed headers only", () => {
    const target = tusTarget(
      {
        endpoint: "https://video.bunnycdn.com/tusupload",
        AuthorizationSignature: "ab".repeat(32),
        AuthorizationExpire: 1700000000,
        VideoId: "eb1c4f77-0cda-46be-b47d-1118ad7c2ffe",
        LibraryId: "759",
        title: "Intro",
      },
      file,
      "token-1",
    );
    expect(target).toEqual({
      endpoint: "https://video.bunnycdn.com/tusupload",
      headers: {
        AuthorizationSignature: "ab".repeat(32),
        AuthorizationExpire: "1700000000",
        VideoId: "eb1c4f77-0cda-46be-b47d-1118ad7c2ffe",
        LibraryId: "759",
      },
      metadata: { filetype: "video/mp4", title: "Intro" },
    });
    expect(JSON.stringify(target)).not.toContain("token-1");
  });
});
