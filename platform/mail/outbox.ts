// Reading the mails table for the owner's mail page (/home/mail): newest first, a page at a time.
import type { Db } from "../db/connection.ts";
import type { Mail } from "../db/schema.ts";

export const MAILS_PER_PAGE = 50;

export type MailSummary = Pick<Mail, "id" | "to_address" | "subject" | "transport" | "created_at" | "sent_at">;

export async function listMails(
  db: Db,
  page: number,
  perPage = MAILS_PER_PAGE,
): Promise<{ mails: MailSummary[]; total: number; page: number; pages: number }> {
  const { total } = await db
    .selectFrom("mails")
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .executeTakeFirstOrThrow();
  const pages = Math.max(1, Math.ceil(Number(total) / perPage));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pages);
  const mails = await db
    .selectFrom("mails")
    .select(["id", "to_address", "subject", "transport", "created_at", "sent_at"])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(perPage)
    .offset((current - 1) * perPage)
    .execute();
  return { mails, total: Number(total), page: current, pages };
}

export async function findMail(db: Db, id: number): Promise<Mail | undefined> {
  if (!Number.isSafeInteger(id) || id <= 0) return undefined;
  return db.selectFrom("mails").selectAll().where("id", "=", id).executeTakeFirst();
}
