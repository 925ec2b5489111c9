import { describe, expect, it } from "vitest";
import { parseInput } from "../validation.ts";
import { postEmbedUrl, postFieldsSchema, postFormValid } from "./schemas.ts";

function errorsOf(input: unknown) {
  try {
    parseInput(postFieldsSchema, input);
    return null;
  } catch (error) {
    return (error as { fields?: Record<string, { key: string }[]> }).fields ?? null;
  }
}

describe("post fields (§5)", () => {
  it("takes a title of 5 to 159 characters and a body of at least 5, trimmed", () => {
    expect(parseInput(postFieldsSchema, { title: "  Hello  ", body: " World " })).toEqual({
      title: "Hello",
      body: "World",
      video: null,
    });
    expect(errorsOf({ title: "x".repeat(159), body: "12345" })).toBeNull();
    expect(errorsOf({ title: "x".repeat(160), body: "12345" })?.title?.[0]?.key).toBe("validation:string_max");
    expect(errorsOf({ title: "Hey", body: "1234" })).toMatchObject({
      title: [{ key: "validation:string_min" }],
      body: [{ key: "validation:string_min" }],
    });
    expect(errorsOf({ title: "     ", body: "Long enough" })?.title?.[0]?.key).toBe("validation:required");
    expect(errorsOf({})).toMatchObject({
      title: [{ key: "validation:required" }],
      body: [{ key: "validation:required" }],
    });
  });

  it("counts characters as a reader does (an emoji is one)", () => {
    expect(postFormValid("😀😀😀😀😀", "12345")).toBe(true);
    expect(postFormValid("😀😀😀😀", "12345")).toBe(false);
    expect(postFormValid("Title", "1234")).toBe(false);
  });

  it("takes a YouTube or Vimeo link over http(s) and nothing else as the video", () => {
    for (const video of [
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      "http://youtu.be/dQw4w9WgXcQ",
      "https://vimeo.com/123456",
    ])
      expect(errorsOf({ title: "Title", body: "Body!", video })).toBeNull();
    for (const video of ["javascript:alert(1)", "https://example.com/video", "youtube.com/watch?v=dQw4w9WgXcQ"])
      expect(errorsOf({ title: "Title", body: "Body!", video })?.video?.[0]?.key).toBe("community:video_url");
    expect(parseInput(postFieldsSchema, { title: "Title", body: "Body!", video: "  " }).video).toBeNull();
    expect(postEmbedUrl("http://youtu.be/dQw4w9WgXcQ")).toBe("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ");
  });
});
