// A person's data (issue 18, item 5; GDPR access and erasure):
// - POST /home/students/{id}/export: the admin's JSON file of everything stored about a student;
// - POST /my/account/export: the signed-in person's own file (public tags only);
//   both once a minute per requester ('You can only make one export per minute', 429 with Retry-After);
// - DELETE /home/students/{id} {confirm: "DELETE"} (POST .../erase from the plain form): the admin erases a student;
// - DELETE /my/account {confirm: "DELETE", current_password} (POST /my/account/erase): a student erases their own
//   account, then is signed out.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { isAppError } from "#core/errors.ts";
import { eraseOwnAccount, eraseStudent } from "#core/privacy/erase-personal-data.ts";
import { exportOwnData, exportStudentData, type PersonalDataFile } from "#core/privacy/export-personal-data.ts";
import { createExportThrottle } from "#core/shared/export-throttle.ts";
import { idFromText } from "#core/shared/ids.ts";
import { createLimiter } from "#platform/rate-limit.ts";
import type { Services } from "../services.ts";
import { clearCookie, cookieNames, isSecureRequest } from "../http/cookies.ts";
import { sendError } from "../http/errors.ts";
import { handle, refererTarget, wantsJson } from "../http/respond.ts";
import { limited, routeLimits } from "../http/route-limits.ts";

type IdParams = { Params: { id: string } };

const PAGE = "/home/students";

function sendFile(reply: FastifyReply, file: PersonalDataFile, name: string) {
  return reply
    .header("Content-Type", "application/json; charset=utf-8")
    .header("Content-Disposition", `attachment; filename="${name}"`)
    .header("Cache-Control", "no-store")
    .send(JSON.stringify(file, null, 2));
}

/** A refused export: the JSON caller gets the error; the plain form goes back to its page, saying why. */
function refused(request: FastifyRequest, reply: FastifyReply, error: unknown, page: string) {
  if (wantsJson(request) || !isAppError(error)) return sendError(request, reply, error);
  const back = new URL(refererTarget(request, page), "http://x");
  back.searchParams.set("error", error.messageKey);
  return reply.redirect(back.pathname + back.search, 303);
}

export async function privacyRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const staff = limited(routeLimits.staff);
  const account = limited(routeLimits.account);
  const { db } = services;
  const throttle = createExportThrottle(
    await createLimiter(services.handle, { keyPrefix: "personal_data_export", points: 1, duration: 60 }),
    { key: "personal-data-export", messageKey: "students:export_throttled" },
  );

  app.post<IdParams>(`${PAGE}/:id/export`, staff, async (request, reply) => {
    const page = `${PAGE}/${idFromText(request.params.id) ?? 0}`;
    try {
      const file = await exportStudentData(db, request.ctx.actor, request.params.id, throttle);
      return sendFile(reply, file, `student-${idFromText(request.params.id)}-data.json`);
    } catch (error) {
      return refused(request, reply, error, page);
    }
  });

  app.post("/my/account/export", account, async (request, reply) => {
    try {
      return sendFile(reply, await exportOwnData(db, request.ctx.actor, throttle), "my-data.json");
    } catch (error) {
      return refused(request, reply, error, "/my/account");
    }
  });

  const eraseAsAdmin = (request: FastifyRequest<IdParams>, reply: FastifyReply) =>
    handle(
      request,
      reply,
      async () => {
        await eraseStudent(db, request.ctx.actor, request.params.id, request.body);
        const page = `${PAGE}/${idFromText(request.params.id)}`;
        return { json: { ok: true, redirect: `${page}?erased=1` }, redirect: `${page}?erased=1` };
      },
      `${PAGE}/${idFromText(request.params.id) ?? 0}`,
    );
  app.delete<IdParams>(`${PAGE}/:id`, staff, eraseAsAdmin);
  app.post<IdParams>(`${PAGE}/:id/erase`, staff, eraseAsAdmin);

  const eraseSelf = (request: FastifyRequest, reply: FastifyReply) =>
    handle(
      request,
      reply,
      async () => {
        await eraseOwnAccount(services.accounts, request.ctx.actor, request.body);
        // The sessions went with the account's data; the browser's cookie goes too.
        const secure = isSecureRequest(request, services.config);
        clearCookie(reply, cookieNames(secure).session, secure);
        return { json: { ok: true, redirect: "/" }, redirect: "/" };
      },
      "/my/account",
    );
  app.delete("/my/account", account, eraseSelf);
  app.post("/my/account/erase", account, eraseSelf);
}
