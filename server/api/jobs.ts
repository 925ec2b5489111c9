// The admin's job controls: POST /home/jobs/:id/retry puts a failed job back to pending with a fresh set
// of attempts (the /home/jobs page's 'Retry' button; also its plain form before hydration).
import type { FastifyInstance } from "fastify";
import { retryFailedJob } from "#core/admin/retry-failed-job.ts";
import type { Services } from "../services.ts";
import { handle } from "../http/respond.ts";
import { limited, routeLimits } from "../http/route-limits.ts";

export async function jobRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const staff = limited(routeLimits.staff);
  app.post<{ Params: { id: string } }>("/home/jobs/:id/retry", staff, (request, reply) =>
    handle(
      request,
      reply,
      async () => {
        const job = await retryFailedJob(services.db, request.ctx.actor, request.params.id);
        return {
          json: { job: { id: job.id, type: job.type, status: job.status, attempts: job.attempts, run_at: job.run_at } },
          redirect: "/home/jobs?retried=1",
        };
      },
      "/home/jobs",
    ),
  );
}
