// The settings page's form values (/home/settings): the school's row as the request already holds it.
import type { School } from "#platform/db/schema.ts";
import { AppError } from "../errors.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { canManageSchool } from "./policies.ts";

export type SchoolSettings = Pick<School, "name" | "language" | "currency" | "tagline" | "vat_rate" | "time_zone"> & {
  login_enabled: boolean;
  registration_enabled: boolean;
};

export function getSchoolSettings(actor: Actor, school: School | null): SchoolSettings {
  authorize(actor, canManageSchool(actor));
  if (!school) throw new AppError("setup_required");
  return {
    name: school.name,
    language: school.language,
    currency: school.currency,
    login_enabled: Boolean(school.login_enabled),
    registration_enabled: Boolean(school.registration_enabled),
    tagline: school.tagline,
    vat_rate: school.vat_rate,
    time_zone: school.time_zone,
  };
}
