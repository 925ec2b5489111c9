import type { Db } from "#platform/db/connection.ts";
import { nowIso, toFlag } from "#platform/db/connection.ts";
import { AppError } from "../errors.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { parseInput } from "../validation.ts";
import { canManageSchool } from "./policies.ts";
import { schoolSettingsSchema } from "./schemas.ts";

export async function updateSchoolSettings(db: Db, actor: Actor, input: unknown): Promise<void> {
  authorize(actor, canManageSchool(actor));
  const data = parseInput(schoolSettingsSchema, input);
  // The school's name, language and currency show on every cached catalog and sales page: renew them.
  const result = await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("school")
      .set({
        name: data.name,
        language: data.language,
        currency: data.currency,
        login_enabled: toFlag(data.login_enabled),
        registration_enabled: toFlag(data.registration_enabled),
        ...(data.public_url ? { public_url: data.public_url } : {}),
        ...(data.tagline !== undefined ? { tagline: data.tagline } : {}),
        ...(data.vat_rate !== undefined ? { vat_rate: data.vat_rate } : {}),
        ...(data.time_zone !== undefined ? { time_zone: data.time_zone } : {}),
        updated_at: nowIso(),
      })
      .executeTakeFirst();
    return updated;
  });
  if (Number(result.numUpdatedRows) === 0) throw new AppError("setup_required");
}
