// Topic e-mail notifications (issue 14, item 7): the spec's POST /json/email-notification {topic, action}, the level
// of the topic feed's dropdown, and the one-click unsubscribe of a topic mail (RFC 8058). Thin: parse, call one
// use-case from core/community/notifications/, shape.
import type { FastifyInstance } from "fastify";
import { getTopicLevel, setTopicLevel, switchTopicEmails } from "#core/community/notifications/topic-levels.ts";
import { unsubscribe } from "#core/community/notifications/unsubscribe.ts";
import { fieldError } from "#core/errors.ts";
import { idParam } from "#core/shared/ids.ts";
import { limited, routeLimits } from "../http/route-limits.ts";
import type { Services } from "../services.ts";

type Params = { id: string };

/** The body an RFC 8058 one-click POST carries (and the unsubscribe page's button sends). */
function isOneClick(body: unknown): boolean {
  if (body && typeof body === "object") return (body as Record<string, unknown>)["List-Unsubscribe"] === "One-Click";
  return false;
}

export async function communityNotificationRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const levels = limited(routeLimits.topicNotifications);

  app.post("/json/email-notification", levels, async (request) =>
    switchTopicEmails(services.db, request.ctx.actor, request.body ?? {}),
  );

  app.get<{ Params: Params }>("/json/community/topics/:id/notifications", async (request) => {
    const id = idParam(request.params.id);
    return { community_topic: { id, level: await getTopicLevel(services.db, request.ctx.actor, id) } };
  });

  app.post<{ Params: Params }>("/json/community/topics/:id/notifications", levels, async (request) =>
    setTopicLevel(services.db, request.ctx.actor, { topicId: idParam(request.params.id), input: request.body ?? {} }),
  );

  // RFC 8058: a mail client posts List-Unsubscribe=One-Click as a form (url-encoded or multipart), with no
  // cookie and no CSRF token; the signed token alone decides. A browser's plain form goes back to the page.
  app.register(async (scope) => {
    scope.addContentTypeParser(
      "multipart/form-data",
      { parseAs: "string", bodyLimit: 4096 },
      (_request, body, done) => {
        const oneClick = /name="?List-Unsubscribe"?\r?\n(?:[^\r\n]+\r?\n)*\r?\nOne-Click\r?\n/i.test(String(body));
        done(null, oneClick ? { "List-Unsubscribe": "One-Click" } : {});
      },
    );
    scope.post<{ Params: { token: string } }>(
      "/community/unsubscribe/:token",
      { config: { csrf: false, rateLimit: routeLimits.unsubscribe } },
      async (request, reply) => {
        if (!isOneClick(request.body)) throw fieldError("List-Unsubscribe", "validation:invalid");
        const result = await unsubscribe(services.db, services.secret, request.params.token);
        if (String(request.headers.accept ?? "").includes("text/html")) {
          return reply.redirect(`/community/unsubscribe/${encodeURIComponent(request.params.token)}`, 303);
        }
        return { ok: true, ...result };
      },
    );
  });
}
