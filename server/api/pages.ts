// Pages made of blocks (issue 16, items 2 and 3). Admins only (401 / 403 otherwise), except the countdown:
// - GET /home/pages: the pages (also the page of the same address); POST /home/pages {title, slug?}: a new draft;
// - PUT /home/pages/:pageId {title, slug, seo_title, seo_description, status}: its fields, publishing;
// - DELETE /home/pages/:pageId: the page and its blocks;
// - the §7 block calls under /home/subpages/{subpageId}/blocks: POST (store {type, settings}), PUT and DELETE
//   /blocks/{blockId} (update {settings}, delete), POST /blocks/order {ids};
// - POST /json/pages/countdowns/:blockId: any visitor's evergreen deadline for that countdown (started by the
//   first call, the same end afterwards), keyed by the user or the visitor cookie set here.
import type { FastifyInstance } from "fastify";
import { createBlock } from "#core/pages/create-block.ts";
import { createPage } from "#core/pages/create-page.ts";
import { deleteBlock } from "#core/pages/delete-block.ts";
import { deletePage } from "#core/pages/delete-page.ts";
import { listPages } from "#core/pages/list-pages.ts";
import { orderBlocks } from "#core/pages/order-blocks.ts";
import { startEvergreenCountdown } from "#core/pages/start-evergreen-countdown.ts";
import { updateBlock } from "#core/pages/update-block.ts";
import { updatePage } from "#core/pages/update-page.ts";
import { randomToken } from "#platform/random.ts";
import type { Services } from "../services.ts";
import { cookieNames, isSecureRequest, setCookie } from "../http/cookies.ts";
import { jsonCallsOnly } from "../http/negotiation.ts";
import { limited, routeLimits } from "../http/route-limits.ts";

type PageParams = { Params: { pageId: string } };
type BlockParams = { Params: { subpageId: string; blockId?: string } };

const BLOCKS = "/home/subpages/:subpageId/blocks";
const VISITOR_COOKIE_SECONDS = 400 * 24 * 3600;

export async function pageRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const staff = limited(routeLimits.staff);
  const { db } = services;

  app.get("/home/pages", jsonCallsOnly(app), async (request) => ({
    pages: await listPages(db, request.ctx.actor),
  }));

  app.post("/home/pages", staff, async (request) => ({
    page: await createPage(db, request.ctx.actor, request.body),
  }));

  app.put<PageParams>("/home/pages/:pageId", staff, async (request) => ({
    page: await updatePage(db, request.ctx.actor, request.params.pageId, request.body),
  }));

  app.delete<PageParams>("/home/pages/:pageId", staff, async (request) => {
    await deletePage(db, request.ctx.actor, request.params.pageId);
    return { ok: true };
  });

  app.post<BlockParams>(BLOCKS, staff, async (request) => ({
    block: await createBlock(db, request.ctx.actor, request.params.subpageId, request.body),
  }));

  app.post<BlockParams>(`${BLOCKS}/order`, staff, async (request) => ({
    ids: await orderBlocks(db, request.ctx.actor, request.params.subpageId, request.body),
  }));

  app.put<BlockParams>(`${BLOCKS}/:blockId`, staff, async (request) => ({
    block: await updateBlock(
      db,
      request.ctx.actor,
      { pageId: request.params.subpageId, blockId: request.params.blockId },
      request.body,
    ),
  }));

  app.delete<BlockParams>(`${BLOCKS}/:blockId`, staff, async (request) => {
    await deleteBlock(db, request.ctx.actor, { pageId: request.params.subpageId, blockId: request.params.blockId });
    return { ok: true };
  });

  app.post<{ Params: { blockId: string } }>(
    "/json/pages/countdowns/:blockId",
    limited(routeLimits.countdown),
    async (request, reply) => {
      const secure = isSecureRequest(request, services.config);
      const name = cookieNames(secure).visitor;
      let token = request.cookies[name];
      if (!token || token.length > 100) {
        token = randomToken(24);
        setCookie(reply, name, token, { secure, maxAgeSeconds: VISITOR_COOKIE_SECONDS });
      }
      return startEvergreenCountdown(db, request.ctx.actor, {
        blockId: request.params.blockId,
        visitorToken: token,
        now: new Date(),
      });
    },
  );
}
