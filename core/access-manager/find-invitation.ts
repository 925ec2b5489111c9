// /invitations/{token}: what the invitation page shows before anything is accepted: the course, who invited,
// to which e-mail, and whether the link can still be used. An unknown token is null (the page says so).
import type { Db } from "#platform/db/connection.ts";
import type { InvitationStatus } from "#platform/db/schema.ts";
import { hashInvitationToken, looksLikeInvitationToken } from "./invitation-token.ts";
import { seatsActive } from "./team-purchases.ts";

export type InvitationPreview = {
  id: number;
  name: string;
  email: string;
  status: InvitationStatus;
  /** who accepted it */
  user_id: number | null;
  /** false when the purchase behind it was refunded or its access denied: the link no longer works */
  usable: boolean;
  inviter: string;
  course: { id: number; title: string; slug: string };
};

export async function findInvitationByToken(db: Db, token: string): Promise<InvitationPreview | null> {
  if (!looksLikeInvitationToken(token)) return null;
  const row = await db
    .selectFrom("invitations as i")
    .innerJoin("transactions as t", "t.id", "i.parent_transaction_id")
    .innerJoin("courses as c", "c.id", "i.course_id")
    .select([
      "i.id",
      "i.name",
      "i.email",
      "i.status",
      "i.user_id",
      "t.status as purchase_status",
      "t.access_granted_at",
      "t.buyer_name",
      "c.id as course_id",
      "c.title as course_title",
      "c.slug as course_slug",
    ])
    .where("i.token_hash", "=", hashInvitationToken(token))
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    status: row.status,
    user_id: row.user_id,
    usable: seatsActive({ status: row.purchase_status, access_granted_at: row.access_granted_at }),
    inviter: row.buyer_name,
    course: { id: row.course_id, title: row.course_title, slug: row.course_slug },
  };
}
