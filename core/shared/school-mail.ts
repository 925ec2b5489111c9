// What a mail to a student takes from the school: its language (mails speak the school's language, not a
// request's), its name for the signature, its time zone for dates, and its public address for links (never a
// request's Host header: docs/decisions/0008).
import type { Db } from "#platform/db/connection.ts";
import { translator } from "#platform/i18n/index.ts";

export async function schoolForMail(db: Db) {
  const school = await db
    .selectFrom("school")
    .select(["name", "language", "public_url", "time_zone"])
    .executeTakeFirst();
  const lang = school?.language ?? "en";
  return {
    lang,
    t: translator(lang),
    name: school?.name ?? "",
    timeZone: school?.time_zone ?? "UTC",
    /** the public address without a trailing slash; undefined before one is known (links are then left out) */
    address: school?.public_url?.replace(/\/+$/, "") || undefined,
  };
}

/** A mail's plain-text body from its paragraphs, the empty ones left out. */
export function mailParagraphs(...parts: string[]): string {
  return parts.filter(Boolean).join("\n\n");
}
