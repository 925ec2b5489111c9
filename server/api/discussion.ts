// The lecture discussion's JSON calls (spec §7): comments, replies, votes, and an admin's comment-to-review.
// Thin: parse, call one use-case from core/discussion/, shape. Every call needs the CSRF header (csrf-guard).
import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { castVote } from "#core/discussion/cast-vote.ts";
import { idParam } from "#core/shared/ids.ts";
import { createComment } from "#core/discussion/create-comment.ts";
import { createReply } from "#core/discussion/create-reply.ts";
import { deleteComment } from "#core/discussion/delete-comment.ts";
import { deleteReply } from "#core/discussion/delete-reply.ts";
import { listLectureComments } from "#core/discussion/list-comments.ts";
import { listReplies } from "#core/discussion/list-replies.ts";
import type { DiscussionViewer } from "#core/discussion/rights.ts";
import { REPLY_IMAGE_MAX_BYTES } from "#core/discussion/schemas.ts";
import { turnCommentIntoReview } from "#core/discussion/turn-comment-into-review.ts";
import { AppError, fieldError } from "#core/errors.ts";
import { sendEncodedJson } from "../http/respond.ts";
import type { Services } from "../services.ts";
import { limited, routeLimits } from "../http/route-limits.ts";

function viewerOf(request: FastifyRequest): DiscussionViewer | null {
  const user = request.ctx.user;
  return user ? { id: user.id, role: user.role } : null;
}

type Params = { id: string };

/**
 * A reply sent as multipart (an admin's reply with an image): its text fields and the image's bytes. A file from
 * someone who may not attach one is not read, only noted (the use-case answers 403).
 */
async function readReplyForm(request: FastifyRequest, viewer: DiscussionViewer) {
  const fields: Record<string, string> = {};
  let image: Buffer | null = null;
  let imageAttached = false;
  const parts = request.parts({
    limits: { fileSize: REPLY_IMAGE_MAX_BYTES, files: 1, fields: 10, fieldSize: 64 * 1024 },
  });
  try {
    for await (const part of parts) {
      if (part.type === "field") {
        if (typeof part.value === "string") fields[part.fieldname] = part.value;
        continue;
      }
      // An empty file input sends a part without a name and without bytes.
      if (!part.filename) {
        part.file.resume();
        continue;
      }
      imageAttached = true;
      if (viewer.role !== "admin") {
        part.file.resume();
        continue;
      }
      image = await part.toBuffer();
      if (image.length === 0) image = null;
    }
  } catch (error) {
    // Over the size cap: raised by the part being read or by the next one, whichever comes first.
    if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") {
      if (viewer.role !== "admin") throw new AppError("forbidden");
      throw fieldError("image", "validation:file_max", { max: REPLY_IMAGE_MAX_BYTES / 1024 });
    }
    throw error;
  }
  return { fields, image, imageAttached };
}

export async function discussionRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const staff = limited(routeLimits.staff);
  // Multipart bodies only for the calls of this scope (an admin's reply with an image).
  if (!app.hasContentTypeParser("multipart/form-data")) {
    await app.register(multipart, { limits: { fileSize: REPLY_IMAGE_MAX_BYTES, files: 1, fields: 10 } });
  }

  app.post("/comments", limited(routeLimits.comment), async (request) =>
    createComment(services.db, {
      viewer: viewerOf(request),
      input: request.body,
      videos: { videoHost: services.videoHost, secret: services.secret },
    }),
  );

  // The lists only read: they may use the session lookup of the last second (server/plugins/request-context.ts).
  const reads = { config: { readOnly: true as const } };

  // The lists answer JSON put together from cached pieces (core/discussion/discussion-cache.ts).
  app.post<{ Params: Params }>("/json/lectures/:id/comments", reads, async (request, reply) => {
    const json = await listLectureComments(services.db, {
      viewer: viewerOf(request),
      lectureId: idParam(request.params.id),
      input: request.body ?? {},
    });
    return sendEncodedJson(reply, json);
  });

  app.delete<{ Params: Params }>("/comments/:id", limited(routeLimits.discussionDelete), async (request) => {
    await deleteComment(services, { viewer: viewerOf(request), commentId: idParam(request.params.id) });
    return { ok: true };
  });

  app.post<{ Params: Params }>("/comment/:id/replies", reads, async (request, reply) => {
    const json = await listReplies(services.db, { viewer: viewerOf(request), commentId: idParam(request.params.id) });
    return sendEncodedJson(reply, json);
  });

  app.post<{ Params: Params }>("/comment/:id/reply", limited(routeLimits.reply), async (request) => {
    const viewer = viewerOf(request);
    if (!viewer) throw new AppError("unauthenticated");
    const commentId = idParam(request.params.id);
    if (!request.isMultipart()) return createReply(services, { viewer, commentId, input: request.body });
    const { fields, image, imageAttached } = await readReplyForm(request, viewer);
    return createReply(services, { viewer, commentId, input: fields, image, imageAttached });
  });

  app.delete<{ Params: Params }>("/replies/:id", limited(routeLimits.discussionDelete), async (request) => {
    const { replies_count } = await deleteReply(services, {
      viewer: viewerOf(request),
      replyId: idParam(request.params.id),
    });
    return { ok: true, replies_count };
  });

  app.post("/vote", limited(routeLimits.vote), async (request) =>
    castVote(services.db, { viewer: viewerOf(request), input: request.body }),
  );

  app.post<{ Params: Params }>("/comments/:id/review", staff, async (request) =>
    turnCommentIntoReview(services.db, {
      viewer: viewerOf(request),
      commentId: idParam(request.params.id),
      input: request.body,
    }),
  );
}
