// The invitation as the API answers it (spec §3 Invitation: id, name, email, status; 'sent' allows deletion),
// with its dates for the access manager's table.
import type { Db } from "#platform/db/connection.ts";
import type { InvitationStatus } from "#platform/db/schema.ts";

export type InvitationJson = {
  id: number;
  name: string;
  email: string;
  status: InvitationStatus;
  created_at: string;
  accepted_at: string | null;
};

export const invitationColumns = ["id", "name", "email", "status", "created_at", "accepted_at"] as const;

/** The invitations of one purchase, oldest first (the order they were sent in). */
export async function listInvitations(db: Db, transactionId: number): Promise<InvitationJson[]> {
  return db
    .selectFrom("invitations")
    .select(invitationColumns)
    .where("parent_transaction_id", "=", transactionId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}
