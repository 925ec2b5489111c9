import type { z } from "zod";
import type { Db } from "#platform/db/connection.ts";
import { nowIso, toFlag } from "#platform/db/connection.ts";
import { AppError } from "../errors.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { parseInput } from "../validation.ts";
import { canManageSchool } from "./policies.ts";
import { brandContrastWarnings, type ContrastWarning } from "./brand-contrast.ts";
import { schoolSettingsSchema } from "./schemas.ts";

const brandingKeys = [
  "brand_color",
  "brand_text_color",
  "description",
  "contact_email",
  "social_links",
  "footer_text",
  "company_name",
  "company_address",
  "company_tax_id",
] as const;

/** The brand and footer fields the request gave (a field left out stays as it is). */
function definedBranding(
  data: z.output<typeof schoolSettingsSchema>,
): Partial<Record<(typeof brandingKeys)[number], string>> {
  return Object.fromEntries(brandingKeys.flatMap((key) => (data[key] === undefined ? [] : [[key, data[key]]])));
}

/**
 * Saves the settings; answers the brand colours' contrast warnings (WCAG AA), which do not stop the save: the
 * owner sees them and decides.
 */
export async function updateSchoolSettings(
  db: Db,
  actor: Actor,
  input: unknown,
): Promise<{ contrast_warnings: ContrastWarning[] }> {
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
        ...definedBranding(data),
        updated_at: nowIso(),
      })
      .executeTakeFirst();
    return updated;
  });
  if (Number(result.numUpdatedRows) === 0) throw new AppError("setup_required");
  const colors = await db.selectFrom("school").select(["brand_color", "brand_text_color"]).executeTakeFirstOrThrow();
  return { contrast_warnings: brandContrastWarnings(colors) };
}
