// 'You can only make one export per minute' (spec §8, §9): one export per admin per minute, counted in the
// database's rate-limit table (platform/rate-limit.ts), so that every process of the school shares it.
import { AppError } from "#core/errors.ts";

export type ExportLimiter = {
  consume(key: string): Promise<unknown>;
};

export type ExportThrottle = { take(adminId: number): Promise<void> };

/** Once a minute per admin; another feature than the export names its own key and message (the spec's §8
 * 'You can only use this feature once per minute' for the students' bulk import). */
export function createExportThrottle(
  limiter: ExportLimiter,
  options: { key?: string; messageKey?: string } = {},
): ExportThrottle {
  const { key = "transactions-export", messageKey = "transactions:export_throttled" } = options;
  return {
    async take(adminId) {
      try {
        await limiter.consume(`${key}:${adminId}`);
      } catch (rejection) {
        // rate-limiter-flexible rejects with its state ({msBeforeNext}) when the point is spent, or with an Error.
        if (rejection instanceof Error) throw rejection;
        const ms = Number((rejection as { msBeforeNext?: number }).msBeforeNext ?? 60_000);
        const seconds = Math.max(1, Math.ceil(ms / 1000));
        throw new AppError("throttled", {
          messageKey,
          values: { seconds },
          retryAfterSeconds: seconds,
        });
      }
    },
  };
}
