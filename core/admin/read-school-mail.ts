// The school's e-mail for /home/mail (platform/mail/outbox.ts): a page of it, newest first, and the one message
// asked for (undefined: none asked; null: asked for one that is not there).
import type { Db } from "#platform/db/connection.ts";
import type { Mail } from "#platform/db/schema.ts";
import { findMail, listMails } from "#platform/mail/outbox.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { idFromText } from "../shared/ids.ts";
import { canReadSchoolMail } from "./policies.ts";

export async function readSchoolMail(db: Db, actor: Actor, options: { page: number; id: string | null }) {
  authorize(actor, canReadSchoolMail(actor));
  const list = await listMails(db, options.page);
  const mailId = idFromText(options.id);
  const found = mailId ? await findMail(db, mailId) : undefined;
  const selected: Mail | null | undefined = found ?? (options.id ? null : undefined);
  return { list, selected };
}
