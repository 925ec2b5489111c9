// The admin's job controls: POST /home/jobs/:id/retry puts a failed job back to pending with a fresh set
// of attempts (the /home/jobs page's 'Retry' button; also its plain form before hydration).
import type { FastifyInstance } from "fastify";
import { AppError } from "#core/errors.ts";
import { idParam } from "#core/shared/ids.ts";
import { retryJob } from "#platform/jobs/admin.ts";
import type { Services } from "../services.ts";
import { handle } from "../http/respond.ts";
import { requireAdmin } from "./school.ts";
import { limited, routeLimits } from "../http/route-limits.ts";

export async function jobRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const staff = limited(routeLimits.staff);
  app.post<{ Params: { id: string } }>("/home/jobs/:id/retry", staff, (request, reply) =>
    handle(
      request,
      reply,
      async () => {
        requireAdmin(request);
        const result = await retryJob(services.db, idParam(request.params.id));
        if (result.outcome === "not_found") throw new AppError("not_found");
        // Running or already done: nothing to retry (the page was out of date).
        if (result.outcome === "not_failed") throw new AppError("conflict");
        const { job } = result;
        return {
          json: { job: { id: job.id, type: job.type, status: job.status, attempts: job.attempts, run_at: job.run_at } },
          redirect: "/home/jobs?retried=1",
        };
      },
      "/home/jobs",
    ),
  );
}
