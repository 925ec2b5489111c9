// The registry of commentable kinds: discussion resolves only what a domain registered, and asks that kind who may
// see it and whether it takes a video.
import { describe, expect, it } from "vitest";
import { AppError } from "../errors.ts";
import { type CommentableKind, commentableKind, registerCommentableKind } from "./commentable-kinds.ts";

describe("commentable kinds", () => {
  // The registry lives as long as the module, which unit files share (isolate: false): a made-up kind.
  it("answers 404 for a kind nobody registered", () => {
    const nobodys = "nobody-registers-this" as never;
    expect(() => commentableKind(nobodys)).toThrow(AppError);
    try {
      commentableKind(nobodys);
    } catch (error) {
      expect((error as AppError).code).toBe("not_found");
    }
  });

  it("resolves a registered kind, which decides visibility itself", async () => {
    const seen: number[] = [];
    const post: CommentableKind = {
      type: "post",
      acceptsVideo: true,
      async findVisible(_db, id) {
        seen.push(id);
        if (id !== 7) throw new AppError("not_found");
        return { type: "post", id, courseId: null };
      },
    };
    registerCommentableKind(post);
    const kind = commentableKind("post");
    expect(kind.acceptsVideo).toBe(true);
    await expect(kind.findVisible(null as never, 7, { id: 1, role: "student" } as never)).resolves.toEqual({
      type: "post",
      id: 7,
      courseId: null,
    });
    await expect(kind.findVisible(null as never, 8, { id: 1, role: "student" } as never)).rejects.toThrow(AppError);
    expect(seen).toEqual([7, 8]);
  });
});
