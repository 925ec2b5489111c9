import { describe, expect, it } from "vitest";
import { actors, allowedOf } from "#core/shared/test-actors.ts";
import { canUploadImages, canUploadVideo } from "./policies.ts";

describe("media policies", () => {
  it("lets only admins upload images and see their library", () => {
    expect(allowedOf(canUploadImages)).toEqual(["admin"]);
  });

  it("lets only a comment's author upload its video", () => {
    const ownedBy = (ownerId: number | null) => (actor: Parameters<typeof canUploadImages>[0]) =>
      canUploadVideo(actor, { ownerId, onComment: true });
    expect(allowedOf(ownedBy(actors.student.userId))).toEqual(["student"]);
    expect(allowedOf(ownedBy(actors.admin.userId))).toEqual(["admin"]);
    expect(allowedOf(ownedBy(99))).toEqual([]);
    expect(allowedOf(ownedBy(null))).toEqual([]);
  });

  it("lets only the admin who created a lecture's video upload it", () => {
    expect(allowedOf((actor) => canUploadVideo(actor, { ownerId: actors.admin.userId, onComment: false }))).toEqual([
      "admin",
    ]);
    // A student who somehow owns a lecture video (an admin demoted since) may not continue it.
    expect(allowedOf((actor) => canUploadVideo(actor, { ownerId: actors.student.userId, onComment: false }))).toEqual(
      [],
    );
  });
});
