// Reviews (spec §2 reviews list, §3 Review, §7):
// - POST /json/reviews {course_id, length}: the next page of a course's approved reviews, {reviews, more};
// - POST /json/reviews/store {course_id, rating, title, body}: a student with access reviews the course (pending
//   until approved; one per student per course); also the sales page's plain form before hydration; a visitor
//   is refused by core's review policy (401), before the input is read;
// - POST /home/reviews/:id/approve and /disapprove: the admin's moderation (also plain forms on /home/reviews);
//   who may is core's review policy, asked by the use-case with the request's actor.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { listApprovedReviews } from "#core/reviews/list-approved-reviews.ts";
import { setReviewStatus } from "#core/reviews/moderate-review.ts";
import { storeReview } from "#core/reviews/store-review.ts";
import type { Services } from "../services.ts";
import { handle, refererTarget, wantsJson } from "../http/respond.ts";
import { exemptions, limited, routeLimits } from "../http/route-limits.ts";

/** A plain form sends every field as text: numbers become numbers before the schema sees them. */
function numbersFromForm(request: FastifyRequest, names: string[]): Record<string, unknown> {
  const body = { ...((request.body ?? {}) as Record<string, unknown>) };
  if (!wantsJson(request)) {
    for (const name of names) {
      const value = body[name];
      if (typeof value === "string" && /^\d{1,15}$/.test(value)) body[name] = Number(value);
    }
  }
  return body;
}

export async function reviewRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const staff = limited(routeLimits.staff);
  app.post("/json/reviews", limited(exemptions.reads), async (request) =>
    listApprovedReviews(services.db, request.ctx.user, request.body ?? {}),
  );

  app.post("/json/reviews/store", limited(routeLimits.review), (request, reply) => {
    // Back to the course page the form was on (its query dropped), to the reviews.
    const page = new URL(refererTarget(request, "/"), "http://x").pathname;
    return handle(
      request,
      reply,
      async () => {
        const review = await storeReview(
          services.db,
          request.ctx.actor,
          numbersFromForm(request, ["course_id", "rating"]),
        );
        return { json: { review }, redirect: `${page}?review=sent#reviews` };
      },
      page,
    );
  });

  for (const [action, status] of [
    ["approve", "approved"],
    ["disapprove", "disapproved"],
  ] as const) {
    app.post<{ Params: { id: string } }>(`/home/reviews/:id/${action}`, staff, (request, reply) =>
      handle(
        request,
        reply,
        async () => {
          const review = await setReviewStatus(services.db, request.ctx.actor, { id: request.params.id, status });
          return { json: { review }, redirect: refererTarget(request, "/home/reviews") };
        },
        "/home/reviews",
      ),
    );
  }
}
