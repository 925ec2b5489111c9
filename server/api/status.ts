// GET /status: 200 {status: "ok", database: "ok"} while this process can serve; 503 when its database does not
// answer, so a load balancer takes it out of rotation. No session, no cookie, never cached, and not in the request
// log (a balancer asks every few seconds).
import type { FastifyInstance } from "fastify";
import { checkHealth } from "#core/admin/check-health.ts";
import type { Services } from "../services.ts";

export async function statusRoutes(app: FastifyInstance, { services }: { services: Services }) {
  app.get("/status", { logLevel: "warn" }, async (_request, reply) => {
    const health = await checkHealth(services.db);
    reply.header("Cache-Control", "no-store");
    return reply.code(health.status === "ok" ? 200 : 503).send(health);
  });
}
