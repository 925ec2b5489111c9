// The media calls of the JSON API (spec §7): image upload tickets, confirmation (after a PUT straight to a
// bucket) and deletion, a lecture's PDF and file uploads, its video uploads (and their confirmation when a
// video host took the upload), and a video's status for the player. The bytes themselves travel through
// server/api/media-transfer.ts (signed PUT, tus, file and video reads, the video host's webhook).
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "#core/errors.ts";
import { idParam } from "#core/shared/ids.ts";
import { confirmImageUpload } from "#core/media/confirm-image-upload.ts";
import { confirmLectureFile } from "#core/media/confirm-lecture-file.ts";
import { createImageUpload } from "#core/media/create-image-upload.ts";
import { createLectureFileUpload, type LectureFileKind } from "#core/media/create-lecture-file-upload.ts";
import { createVideo } from "#core/media/create-video.ts";
import { deleteImage } from "#core/media/delete-image.ts";
import { findVideoStatus } from "#core/media/file-access.ts";
import type { RawLecturePath } from "#core/media/find-course-lecture.ts";
import { confirmHostedVideo } from "#core/media/hosted-video.ts";
import type { Services } from "../services.ts";
import { limited, routeLimits } from "../http/route-limits.ts";

const LECTURE = "/home/courses/:courseId/sections/:sectionId/lectures/:lectureId";

type LectureParams = { courseId: string; sectionId: string; lectureId: string };

// Unparsed: the use-cases parse the ids after their policy has answered.
function lecturePath(request: FastifyRequest): RawLecturePath {
  const { courseId, sectionId, lectureId } = request.params as LectureParams;
  return { courseId, sectionId, lectureId };
}

export async function mediaRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const staff = limited(routeLimits.staff);
  const deps = { db: services.db, storage: services.storage, videoHost: services.videoHost };

  // Admins only for now; the community issue opens it to students for their posts' images.
  app.post("/home/images/create", staff, async (request) => {
    return createImageUpload(deps, request.ctx.actor, { input: request.body });
  });

  app.post("/home/images/confirm", staff, async (request) => {
    const { download } = await confirmImageUpload(deps, request.ctx.actor, { input: request.body });
    return { download };
  });

  app.post("/home/images/delete", staff, async (request) => {
    return deleteImage(deps, request.ctx.actor, { input: request.body });
  });

  const fileUpload = (kind: LectureFileKind) => async (request: FastifyRequest) => {
    return createLectureFileUpload(deps, request.ctx.actor, { path: lecturePath(request), kind, input: request.body });
  };
  app.post(`${LECTURE}/create-pdf`, staff, fileUpload("pdf"));
  app.post(`${LECTURE}/create-file`, staff, fileUpload("file"));

  app.post(`${LECTURE}/confirm-file`, staff, async (request) => {
    return {
      component: await confirmLectureFile(deps, request.ctx.actor, { path: lecturePath(request), input: request.body }),
    };
  });

  app.post(`${LECTURE}/create-video`, staff, async (request) => {
    return createVideo(deps, request.ctx.actor, { path: lecturePath(request), input: request.body });
  });

  app.post(`${LECTURE}/confirm-video`, staff, async (request) => {
    return confirmHostedVideo(deps, request.ctx.actor, { path: lecturePath(request), input: request.body });
  });

  // The player asks whether a video is ready (spec §9: 3 ready, 0-2 processing), and where a host plays it.
  app.get("/videos/:id", async (request) => {
    const status = await findVideoStatus(deps, request.ctx.actor, idParam((request.params as { id: string }).id));
    if (!status) throw new AppError("not_found");
    return status;
  });
}
