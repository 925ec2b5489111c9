import { describe, expect, it } from "vitest";
import { encodingsFor, postImageProblem } from "./post-image-file.ts";

describe("postImageProblem (§5)", () => {
  it("accepts PNG, GIF and JPEG up to 600000 bytes", () => {
    for (const type of ["image/png", "image/gif", "image/jpeg"])
      expect(postImageProblem({ type, size: 600_000 })).toBeNull();
  });

  it("refuses above 600000 bytes with validation.max.file (600 KB)", () => {
    expect(postImageProblem({ type: "image/png", size: 600_001 })).toEqual({
      key: "validation:file_max",
      values: { max: 600 },
    });
  });

  it("refuses other types", () => {
    expect(postImageProblem({ type: "image/webp", size: 10 })).toEqual({ key: "community:image_type" });
    expect(postImageProblem({ type: "image/svg+xml", size: 10 })).toEqual({ key: "community:image_type" });
  });
});

describe("encodingsFor (§9: quality 0.5, minimum 0.4)", () => {
  it("tries JPEG at 0.5 then 0.4; a PNG first as PNG; GIF as it is", () => {
    expect(encodingsFor("image/jpeg")).toEqual([
      { type: "image/jpeg", quality: 0.5 },
      { type: "image/jpeg", quality: 0.4 },
    ]);
    expect(encodingsFor("image/png")[0]).toEqual({ type: "image/png", quality: 0.5 });
    expect(encodingsFor("image/gif")).toEqual([]);
  });
});
