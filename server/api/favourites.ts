// Favourites (issue 17, item 5). Thin: POST /favourites {kind: course | lecture, id, favourite} -> {favourite}
// (401 for a visitor, 404 for what the student may not see); the list is the page /my/favourites.
import type { FastifyInstance } from "fastify";
import { setFavourite } from "#core/favourites/set-favourite.ts";
import type { Services } from "../services.ts";
import { limited, routeLimits } from "../http/route-limits.ts";

export async function favouriteRoutes(app: FastifyInstance, { services }: { services: Services }) {
  app.post("/favourites", limited(routeLimits.favourite), async (request) =>
    setFavourite(services.db, request.ctx.actor, request.body),
  );
}
