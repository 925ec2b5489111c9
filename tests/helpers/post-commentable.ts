// A stand-in for the community's commentable kind 'post' (the community registers the real one in
// server/services.ts), for servers started by tests of what comments on posts do (a video attached to a comment):
// loaded into the server's process before server/main.ts with `--import` (postCommentableEnv). A post is seen by
// admins, and by everyone signed in when its topic is public; it accepts a video (spec §5).
import { pathToFileURL } from "node:url";
import { AppError } from "#core/errors.ts";
import { registerCommentableKind } from "#core/discussion/commentable-kinds.ts";

registerCommentableKind({
  type: "post",
  acceptsVideo: true,
  async findVisible(db, id, viewer) {
    const post = await db
      .selectFrom("community_posts as p")
      .innerJoin("community_topics as t", "t.id", "p.topic_id")
      .select(["p.id", "t.visibility"])
      .where("p.id", "=", id)
      .executeTakeFirst();
    if (!post || (post.visibility !== "public" && viewer.role !== "admin")) throw new AppError("not_found");
    return { type: "post", id: post.id, courseId: null };
  },
});

/** The environment that makes a test server (tests/helpers/test-server.ts) load this file first. */
export function postCommentableEnv(): Record<string, string> {
  const preload = `--import=${pathToFileURL(import.meta.filename).href}`;
  return { NODE_OPTIONS: [process.env.NODE_OPTIONS, preload].filter(Boolean).join(" ") };
}
