// Pending transactions are re-checked with their provider every 5 minutes until they settle (spec §4, §9;
// SECURITY.md: a crash at any point of payment handling loses nothing). A transaction is claimed for a check by
// moving its last_checked_at (a conditional update), so several workers never check the same one at once.
// Abandoned ones end: a NEW transaction whose payment was never created (the server died in between) and an
// unanswered test payment are canceled after an hour, which gives their reserved stock back.
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { failTransaction } from "./fail-transaction.ts";
import { applyPaymentReport, type SettleLog } from "./handle-notification.ts";
import type { CompletionHooks } from "./complete-transaction.ts";
import type { ProviderSource } from "./provider-source.ts";

export const RECHECK_EVERY_MS = 5 * 60 * 1000;
export const ABANDONED_AFTER_MS = 60 * 60 * 1000;

export async function recheckPendingTransactions(
  deps: { db: Db; providers: ProviderSource; log: SettleLog; hooks?: CompletionHooks },
  options: { limit?: number; now?: number } = {},
): Promise<number> {
  const now = options.now ?? Date.now();
  const due = new Date(now - RECHECK_EVERY_MS).toISOString();
  const abandoned = new Date(now - ABANDONED_AFTER_MS).toISOString();
  const rows = await deps.db
    .selectFrom("transactions")
    .selectAll()
    .where("status", "in", ["NEW", "PENDING"])
    .where("created_at", "<=", due)
    .where((eb) => eb.or([eb("last_checked_at", "is", null), eb("last_checked_at", "<=", due)]))
    .orderBy("id")
    .limit(options.limit ?? 100)
    .execute();
  let checked = 0;
  for (const row of rows) {
    let claim = deps.db
      .updateTable("transactions")
      .set({ last_checked_at: new Date(now).toISOString() })
      .where("id", "=", row.id);
    claim =
      row.last_checked_at === null
        ? claim.where("last_checked_at", "is", null)
        : claim.where("last_checked_at", "=", row.last_checked_at);
    if (Number((await claim.executeTakeFirst()).numUpdatedRows) !== 1) continue;
    checked++;
    const old = row.created_at <= abandoned;
    if (row.status === "NEW" || (row.provider === "test" && old)) {
      if (old) await failTransaction(deps.db, row.id, "CANCELED", "abandoned");
      continue;
    }
    const provider = await deps.providers.get(row.provider);
    if (!provider) continue;
    try {
      const report = await provider.fetchStatus({
        hash: row.hash,
        amountCents: row.total_cents,
        currency: row.currency,
        providerRef: row.provider_ref,
      });
      await applyPaymentReport(deps, provider, {
        ...report,
        eventKey: `check:${row.hash}:${report.outcome}:${nowIso()}`,
      });
    } catch (error) {
      deps.log.warn(
        { provider: row.provider, transaction: row.id, error: error instanceof Error ? error.message : String(error) },
        "payment re-check failed",
      );
    }
  }
  return checked;
}
