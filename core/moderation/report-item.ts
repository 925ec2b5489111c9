// POST /json/report (issue 14, item 8): a member reports a post, a comment or a reply they can see, with a reason
// (spam, abuse, off-topic, other) and optional words. One open report per member and item: reporting again while
// the first is open answers the same report (200), without a second row (a partial unique index decides, so two
// requests at once cannot both insert).
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import type { ReportReason, ReportableType } from "#platform/db/schema.ts";
import { AppError } from "../errors.ts";
import { authorize, requireSignedIn } from "../shared/actor.ts";
import type { Actor } from "../shared/actor.ts";
import { parseInput } from "../validation.ts";
import { canReport } from "./policies.ts";
import { findVisibleReportable } from "./reportables.ts";
import { reportSchema } from "./schemas.ts";

export type ReportView = { id: number; type: ReportableType; reportable_id: number; reason: ReportReason };

export async function reportItem(
  db: Db,
  actor: Actor,
  input: unknown,
  now = nowIso(),
): Promise<{ report: ReportView; created: boolean }> {
  const reporter = requireSignedIn(actor);
  const { type, id, reason, text } = parseInput(reportSchema, input);
  const item = await findVisibleReportable(db, actor, { type, id });
  authorize(actor, canReport(actor, item));
  const inserted = await db
    .insertInto("reports")
    .values({
      reportable_type: item.type,
      reportable_id: item.id,
      reporter_id: reporter.userId,
      reason,
      text,
      created_at: now,
    })
    .onConflict((oc) =>
      oc.columns(["reportable_type", "reportable_id", "reporter_id"]).where("resolved_at", "is", null).doNothing(),
    )
    .returning(["id", "reason"])
    .executeTakeFirst();
  const report =
    inserted ??
    (await db
      .selectFrom("reports")
      .select(["id", "reason"])
      .where("reportable_type", "=", item.type)
      .where("reportable_id", "=", item.id)
      .where("reporter_id", "=", reporter.userId)
      .where("resolved_at", "is", null)
      .executeTakeFirst());
  // Resolved between the two statements: nothing open to answer with; the member may report again.
  if (!report) throw new AppError("conflict");
  return {
    report: { id: report.id, type: item.type, reportable_id: item.id, reason: report.reason },
    created: inserted !== undefined,
  };
}
