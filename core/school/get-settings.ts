// The settings page's form values (/home/settings): the school's row as the request already holds it.
import type { School } from "#platform/db/schema.ts";
import { AppError } from "../errors.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { canManageSchool } from "./policies.ts";

export type SchoolSettings = Pick<
  School,
  | "name"
  | "language"
  | "currency"
  | "tagline"
  | "vat_rate"
  | "time_zone"
  | "logo"
  | "favicon"
  | "brand_color"
  | "brand_text_color"
  | "description"
  | "contact_email"
  | "social_links"
  | "footer_text"
  | "company_name"
  | "company_address"
  | "company_tax_id"
> & {
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
    logo: school.logo,
    favicon: school.favicon,
    brand_color: school.brand_color,
    brand_text_color: school.brand_text_color,
    description: school.description,
    contact_email: school.contact_email,
    social_links: school.social_links,
    footer_text: school.footer_text,
    company_name: school.company_name,
    company_address: school.company_address,
    company_tax_id: school.company_tax_id,
  };
}
