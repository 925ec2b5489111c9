// The community's JSON calls (spec §7): the feeds (POST /json/community, /json/community/topics/{id} and their
// next_page_url), a post's creation (multipart: title, body, image, file, video, video_file_upload), its edit (PUT
// or POST /json/community/posts/{id}) and deletion, an admin's pin (under /home, the admin's area), and the comments of a post for 'More'.
// Thin: parse, call one use-case from core/community/, shape. Every call needs the CSRF header (csrf-guard).
import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { createPost } from "#core/community/create-post.ts";
import { deletePost } from "#core/community/delete-post.ts";
import { editPost } from "#core/community/edit-post.ts";
import { allTopicsFeed, topicFeed } from "#core/community/feed.ts";
import { setPostPinned } from "#core/community/pin-post.ts";
import { discussionViewerOf } from "#core/community/post-access.ts";
import { postImageTooLarge } from "#core/community/post-image.ts";
import { POST_IMAGE_MAX_BYTES } from "#core/community/schemas.ts";
import { viewerCommentPageJson } from "#core/discussion/discussion-cache.ts";
import { requireVisibleCommentable } from "#core/discussion/commentable.ts";
import { listCommentsSchema } from "#core/discussion/schemas.ts";
import { idParam } from "#core/shared/ids.ts";
import { requireSignedIn } from "#core/shared/actor.ts";
import { parseInput } from "#core/validation.ts";
import { sendEncodedJson } from "../http/respond.ts";
import { limited, routeLimits } from "../http/route-limits.ts";
import type { Services } from "../services.ts";

type Params = { id: string };

/** The post dialog's form: its text fields, and the image's bytes (over 600000 bytes: the 422 of §5). */
async function readPostForm(
  request: FastifyRequest,
): Promise<{ fields: Record<string, string>; image: Buffer | null }> {
  if (!request.isMultipart()) {
    const body = request.body;
    return { fields: body && typeof body === "object" ? (body as Record<string, string>) : {}, image: null };
  }
  const fields: Record<string, string> = {};
  let image: Buffer | null = null;
  const parts = request.parts({
    limits: { fileSize: POST_IMAGE_MAX_BYTES, files: 1, fields: 10, fieldSize: 64 * 1024 },
  });
  try {
    for await (const part of parts) {
      if (part.type === "field") {
        if (typeof part.value === "string") fields[part.fieldname] = part.value;
        continue;
      }
      // An empty file input sends a part without a name and without bytes; only `image` is a file here.
      if (!part.filename || part.fieldname !== "image") {
        part.file.resume();
        continue;
      }
      image = await part.toBuffer();
      if (image.length === 0) image = null;
    }
  } catch (error) {
    if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") throw postImageTooLarge();
    throw error;
  }
  return { fields, image };
}

export async function communityRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { db } = services;
  if (!app.hasContentTypeParser("multipart/form-data")) {
    await app.register(multipart, { limits: { fileSize: POST_IMAGE_MAX_BYTES, files: 1, fields: 10 } });
  }
  // The feeds only read (they may use the session lookup of the last second).
  const reads = { config: { readOnly: true as const } };
  const cursor = (request: FastifyRequest) => request.query as Record<string, unknown>;

  app.post("/json/community", reads, async (request) => {
    const { community_topic, community_topics, community_posts } = await allTopicsFeed(
      db,
      request.ctx.actor,
      cursor(request),
    );
    return { community_topic, community_topics, community_posts };
  });

  app.post<{ Params: Params }>("/json/community/topics/:id", reads, async (request) => {
    const feed = await topicFeed(db, request.ctx.actor, idParam(request.params.id), cursor(request));
    return { community_topic: feed.community_topic, community_posts: feed.community_posts, can_post: feed.canPost };
  });

  app.post<{ Params: Params }>(
    "/json/community/topics/:id/post/create",
    limited(routeLimits.communityPost),
    async (request) => {
      requireSignedIn(request.ctx.actor);
      const topicId = idParam(request.params.id);
      const form = await readPostForm(request);
      return createPost(
        { ...services, videos: { videoHost: services.videoHost, secret: services.secret } },
        request.ctx.actor,
        topicId,
        form,
      );
    },
  );

  const edit = async (request: FastifyRequest<{ Params: Params }>) => {
    requireSignedIn(request.ctx.actor);
    const postId = idParam(request.params.id);
    const form = await readPostForm(request);
    return editPost(
      { ...services, videos: { videoHost: services.videoHost, secret: services.secret } },
      request.ctx.actor,
      postId,
      form,
    );
  };
  app.put<{ Params: Params }>("/json/community/posts/:id", limited(routeLimits.communityPostChange), edit);
  app.post<{ Params: Params }>("/json/community/posts/:id", limited(routeLimits.communityPostChange), edit);

  app.delete<{ Params: Params }>(
    "/json/community/posts/:id",
    limited(routeLimits.communityPostChange),
    async (request) => {
      await deletePost(services, request.ctx.actor, idParam(request.params.id));
      return { ok: true };
    },
  );

  app.post<{ Params: Params }>("/home/community/posts/:id/pin", limited(routeLimits.staff), async (request) =>
    setPostPinned(db, request.ctx.actor, idParam(request.params.id), true),
  );
  app.delete<{ Params: Params }>("/home/community/posts/:id/pin", limited(routeLimits.staff), async (request) =>
    setPostPinned(db, request.ctx.actor, idParam(request.params.id), false),
  );

  // A post's comments, a page at a time ('More' on the post's page): the discussion's list for the kind 'post'.
  app.post<{ Params: Params }>("/json/community/posts/:id/comments", reads, async (request, reply) => {
    const viewer = discussionViewerOf(requireSignedIn(request.ctx.actor));
    const { length, before } = parseInput(listCommentsSchema, request.body ?? {});
    const post = await requireVisibleCommentable(db, { type: "post", id: idParam(request.params.id) }, viewer);
    return sendEncodedJson(
      reply,
      await viewerCommentPageJson(db, viewer, { type: "post", id: post.id, length, before }),
    );
  });
}
