import { describe, expect, it } from "vitest";
import { actors, allowedOf } from "#core/shared/test-actors.ts";
import { canUploadImages, canWatchDetachedVideo } from "./policies.ts";

describe("media policies", () => {
  it("lets only admins upload images and see their library", () => {
    expect(allowedOf(canUploadImages)).toEqual(["admin"]);
  });

  it("plays a video on no lecture to admins and its uploader only", () => {
    expect(allowedOf((actor) => canWatchDetachedVideo(actor, null))).toEqual(["admin"]);
    expect(allowedOf((actor) => canWatchDetachedVideo(actor, 999))).toEqual(["admin"]);
    expect(allowedOf((actor) => canWatchDetachedVideo(actor, actors.student.userId))).toEqual(["student", "admin"]);
  });
});
