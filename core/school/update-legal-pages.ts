// PUT /home/legal: the school's terms, privacy policy and withdrawal-right information, in markdown. An empty
// text takes its page down (404), the footer's link goes, and the checkout's consent stops promising terms.
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { AppError } from "../errors.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { parseInput } from "../validation.ts";
import { canManageSchool } from "./policies.ts";
import { legalPagesSchema } from "./schemas.ts";

export async function updateLegalPages(db: Db, actor: Actor, input: unknown): Promise<void> {
  authorize(actor, canManageSchool(actor));
  const data = parseInput(legalPagesSchema, input);
  const result = await db
    .updateTable("school")
    .set({ terms: data.terms, privacy: data.privacy, withdrawal: data.withdrawal, updated_at: nowIso() })
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new AppError("setup_required");
}
