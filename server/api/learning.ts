// §7 lecture calls of the watch page: POST /lecture/{id}/watch, /notes {note}, /star, /complete. Only for a
// logged-in viewer (401 'Log in to set progress'), only for a lecture they may watch (404 otherwise).
import type { FastifyInstance, FastifyRequest } from "fastify";
import { recordLectureView } from "#core/learning/record-lecture-view.ts";
import { saveLectureNote } from "#core/learning/save-lecture-note.ts";
import { toggleLectureComplete } from "#core/learning/toggle-lecture-complete.ts";
import { toggleLectureStar } from "#core/learning/toggle-lecture-star.ts";
import type { Services } from "../services.ts";
import { limited, routeLimits } from "../http/route-limits.ts";

type LectureRequest = FastifyRequest<{ Params: { id: string } }>;

export async function learningRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { db } = services;

  app.post("/lecture/:id/watch", limited(routeLimits.progress), async (request: LectureRequest) =>
    recordLectureView(db, request.ctx.actor, { lectureId: request.params.id }),
  );

  app.post("/lecture/:id/notes", limited(routeLimits.note), async (request: LectureRequest) =>
    saveLectureNote(db, request.ctx.actor, { lectureId: request.params.id, input: request.body }),
  );

  app.post("/lecture/:id/star", limited(routeLimits.progress), async (request: LectureRequest) =>
    toggleLectureStar(db, request.ctx.actor, { lectureId: request.params.id }),
  );

  app.post("/lecture/:id/complete", limited(routeLimits.progress), async (request: LectureRequest) =>
    toggleLectureComplete(db, request.ctx.actor, { lectureId: request.params.id }),
  );
}
