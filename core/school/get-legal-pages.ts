// The legal pages: the admin's form (/home/legal) and the public pages (/terms, /privacy, /withdrawal), read
// from the school's row the request already holds.
import type { School } from "#platform/db/schema.ts";
import { AppError } from "../errors.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { canManageSchool } from "./policies.ts";
import type { LegalPage } from "./schemas.ts";

export type LegalTexts = Pick<School, LegalPage>;

export function getLegalPagesForEditing(actor: Actor, school: School | null): LegalTexts {
  authorize(actor, canManageSchool(actor));
  if (!school) throw new AppError("setup_required");
  return { terms: school.terms, privacy: school.privacy, withdrawal: school.withdrawal };
}

/** A published legal page's markdown; a page the school has not written is not found. */
export function getLegalPage(school: School | null, page: LegalPage): string {
  const text = school?.[page] ?? "";
  if (!text) throw new AppError("not_found");
  return text;
}

/** Which legal pages exist: the footer links them, the checkout's consent names the terms only when there are. */
export function publishedLegalPages(school: School | null): Record<LegalPage, boolean> {
  return {
    terms: Boolean(school?.terms),
    privacy: Boolean(school?.privacy),
    withdrawal: Boolean(school?.withdrawal),
  };
}
