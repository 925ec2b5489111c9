// The course access manager and invitations (spec §2, §3 Invitation, §7, §8):
// - POST /home/access-manager/{courseId} {course_id, parent_transaction_id, name, email}: the buyer of a team
//   purchase (or an admin) invites someone; answers the invitation {id, name, email, status}; also the page's
//   plain form before hydration (303 back to the page);
// - DELETE /home/access-manager/{courseId}/{invitationId}: takes back an invitation still 'sent' (409 otherwise);
// - POST /invitations/{token}/accept: the invited person, logged in with the invited e-mail, takes the seat.
// Someone else's purchase or invitation is a 404 (core/access-manager/team-purchases.ts).
import type { FastifyInstance, FastifyRequest } from "fastify";
import { acceptInvitation } from "#core/access-manager/accept-invitation.ts";
import { deleteInvitation } from "#core/access-manager/delete-invitation.ts";
import { inviteToCourse } from "#core/access-manager/invite-to-course.ts";
import { idFromText } from "#core/shared/ids.ts";
import type { Services } from "../services.ts";
import { publicAddressFor } from "../plugins/request-context.ts";
import { handle } from "../http/respond.ts";
import { limited, routeLimits } from "../http/route-limits.ts";

/** A plain form sends every field as text; the schema coerces ids, so the body passes as it is. */
function bodyOf(request: FastifyRequest): Record<string, unknown> {
  return { ...((request.body ?? {}) as Record<string, unknown>) };
}

export async function accessManagerRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { db } = services;
  const staff = limited(routeLimits.staff);
  const invitation = limited(routeLimits.invitation);

  app.post<{ Params: { courseId: string } }>("/home/access-manager/:courseId", staff, (request, reply) => {
    const courseId = idFromText(request.params.courseId) ?? 0;
    const page = `/home/access-manager/${courseId}`;
    const body = bodyOf(request);
    const transaction = idFromText(body.parent_transaction_id);
    const back = transaction ? `${page}?transaction=${transaction}` : page;
    return handle(
      request,
      reply,
      async () => {
        const invitation = await inviteToCourse(
          db,
          {
            actor: request.ctx.actor,
            courseId: request.params.courseId,
            lang: request.ctx.lang,
            baseUrl: publicAddressFor(request, services),
            schoolName: request.ctx.school?.name ?? "Studium",
          },
          body,
        );
        return { json: invitation, redirect: `${back}${back.includes("?") ? "&" : "?"}invited=1` };
      },
      back,
    );
  });

  app.delete<{ Params: { courseId: string; invitationId: string } }>(
    "/home/access-manager/:courseId/:invitationId",
    staff,
    async (request) => {
      const { courseId, invitationId } = request.params;
      await deleteInvitation(db, request.ctx.actor, { courseId, invitationId });
      return { ok: true };
    },
  );

  app.post<{ Params: { token: string } }>("/invitations/:token/accept", invitation, (request, reply) => {
    const page = `/invitations/${encodeURIComponent(request.params.token)}`;
    return handle(
      request,
      reply,
      async () => {
        const { course } = await acceptInvitation(db, request.ctx.actor, request.params.token);
        // The page then shows the accepted invitation with its link to the course.
        return { json: { course, redirect: `/${course.slug}/watch` }, redirect: page };
      },
      page,
    );
  });
}
