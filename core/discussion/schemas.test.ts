// Comment and reply length rules (§5, §9): trimmed, at least 2 characters, at most 1200; a too-long text names
// the limit and its current length, so the client can warn with both.
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { fieldErrorsOf } from "../validation.ts";
import {
  COMMENT_MAX,
  commentBodySchema,
  createCommentSchema,
  createReplySchema,
  listCommentsSchema,
  reviewSchema,
  sendButtonState,
  textLength,
  voteSchema,
} from "./schemas.ts";

function errorsOf(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input);
  return result.success ? {} : fieldErrorsOf(result.error, input);
}

describe("comment body", () => {
  it("is trimmed", () => {
    expect(commentBodySchema.parse("  hello  ")).toBe("hello");
  });

  it("needs at least 2 characters after trimming", () => {
    expect(errorsOf(createCommentSchema, { type: "lecture", id: 1, body: "  a  " }).body).toEqual([
      { key: "validation:string_min", values: { min: 2 } },
    ]);
    expect(errorsOf(createCommentSchema, { type: "lecture", id: 1, body: "ab" }).body).toBeUndefined();
  });

  it("is required: missing, empty or only spaces", () => {
    for (const body of [undefined, "", "    "]) {
      expect(errorsOf(createCommentSchema, { type: "lecture", id: 1, body }).body).toEqual([
        { key: "validation:required" },
      ]);
    }
  });

  it("may have 1200 characters, not 1201; the error carries the limit and the length", () => {
    expect(
      errorsOf(createCommentSchema, { type: "lecture", id: 1, body: "x".repeat(COMMENT_MAX) }).body,
    ).toBeUndefined();
    expect(errorsOf(createCommentSchema, { type: "lecture", id: 1, body: "x".repeat(1300) }).body).toEqual([
      { key: "discussion:too_long", values: { max: 1200, length: 1300 } },
    ]);
  });

  it("counts characters as a reader does (an emoji is one), after trimming", () => {
    expect(textLength("  😀😀 ")).toBe(2);
    expect(errorsOf(commentBodySchema, "😀".repeat(1200))).toEqual({});
  });

  it("takes type lecture or post, a positive id and the file flag 0 or 1", () => {
    expect(createCommentSchema.parse({ type: "post", id: "7", body: "hi", file: "1" })).toEqual({
      type: "post",
      id: 7,
      body: "hi",
      file: 1,
    });
    expect(createCommentSchema.parse({ type: "lecture", id: 7, body: "hi" }).file).toBe(0);
    expect(createCommentSchema.parse({ type: "lecture", id: 7, body: "hi", file: true }).file).toBe(1);
    const errors = errorsOf(createCommentSchema, { type: "course", id: 0, body: "hi", file: 2 });
    expect(Object.keys(errors).sort()).toEqual(["file", "id", "type"]);
  });
});

describe("reply body", () => {
  it("needs at least 2 characters", () => {
    expect(errorsOf(createReplySchema, { body: "x" }).body).toEqual([
      { key: "validation:string_min", values: { min: 2 } },
    ]);
    expect(createReplySchema.parse({ body: " ok " })).toEqual({ body: "ok" });
  });
});

describe("the send button (§5)", () => {
  it("is hidden while the box is empty, disabled below 2 characters, enabled from 2", () => {
    expect(sendButtonState("")).toBe("hidden");
    expect(sendButtonState(" ")).toBe("disabled");
    expect(sendButtonState("a")).toBe("disabled");
    expect(sendButtonState(" a ")).toBe("disabled");
    expect(sendButtonState("ab")).toBe("enabled");
  });
});

describe("other inputs", () => {
  it("votes are 1, -1 or 0 on a comment, a reply or a community post", () => {
    expect(voteSchema.parse({ type: "reply", id: 3, value: -1 })).toEqual({ type: "reply", id: 3, value: -1 });
    expect(voteSchema.safeParse({ type: "comment", id: 3, value: 2 }).success).toBe(false);
    expect(voteSchema.parse({ type: "post", id: 3, value: 1 })).toEqual({ type: "post", id: 3, value: 1 });
    expect(voteSchema.safeParse({ type: "lecture", id: 3, value: 1 }).success).toBe(false);
  });

  it("a review from a comment is rated 10, 5 or 1", () => {
    for (const rating of [10, 5, 1]) expect(reviewSchema.parse({ rating })).toEqual({ rating });
    for (const rating of [0, 2, 11, "x"]) expect(reviewSchema.safeParse({ rating }).success).toBe(false);
  });

  it("a comment page has 20 by default and at most 50", () => {
    expect(listCommentsSchema.parse({})).toEqual({ length: 20 });
    expect(listCommentsSchema.safeParse({ length: 51 }).success).toBe(false);
    expect(listCommentsSchema.parse({ length: 5, before: 9 })).toEqual({ length: 5, before: 9 });
  });
});
