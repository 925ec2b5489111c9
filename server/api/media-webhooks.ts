// POST /webhooks/bunny: Bunny Stream's status notifications (registered inside media-transfer.ts's scope,
// where bodies stay raw: the signature is over the exact bytes received). No session and no CSRF token: the
// X-BunnyStream-Signature is the permission, checked by the adapter (integrations/video/bunny.ts); a forged
// one is 401 and changes nothing. Answers 200 for anything signed, also for videos we do not know, so that
// Bunny does not retry what can never succeed. 404 when no video host is configured.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "#core/errors.ts";
import { handleHostedVideoWebhook } from "#core/media/hosted-video.ts";
import type { Services } from "../services.ts";
import { exemptions } from "../http/route-limits.ts";

const MAX_WEBHOOK_BYTES = 64 * 1024;

async function rawBody(request: FastifyRequest): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request.raw) {
    size += (chunk as Buffer).length;
    if (size > MAX_WEBHOOK_BYTES) throw new AppError("too_large");
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export async function mediaWebhookRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const fromProvider = { config: { csrf: false, rateLimit: exemptions.providerNotification } };
  app.post("/webhooks/bunny", fromProvider, async (request) => {
    if (services.videoHost?.provider !== "bunny") throw new AppError("not_found");
    const outcome = await handleHostedVideoWebhook(
      { db: services.db, videoHost: services.videoHost },
      { rawBody: await rawBody(request), headers: request.headers },
    );
    if (outcome !== "ignored") request.log.info({ outcome }, "video host webhook");
    return { ok: true, outcome };
  });
}
