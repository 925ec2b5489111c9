// Kysely table types of the memberships' admin side (migration 0023); the conventions of schema.ts hold here too.
import type { Generated, Selectable } from "kysely";

/**
 * extended: the admin added days or periods; ended: the admin ended it at once; withdrawn: the member withdrew
 * from the contract within 14 days (migration 0038), `refund_cents` owed and refunded by the admin; retention:
 * the member took the retention offer (migration 0038).
 */
export type MembershipEventKind = "extended" | "ended" | "withdrawn" | "retention";

export type MembershipEventTable = {
  id: Generated<number>;
  membership_id: number;
  kind: MembershipEventKind;
  days: Generated<number>;
  periods: Generated<number>;
  reason: Generated<string>;
  /** withdrawn: what the member is owed back, in the membership's currency (migration 0038) */
  refund_cents: Generated<number>;
  /** who did it (null once that account is deleted) */
  actor_user_id: number | null;
  created_at: string;
};

/** Which membership mail went out (issue 15, item 4): unique per membership, kind and reference (a period, a card's expiry). */
export type MembershipNoticeTable = {
  id: Generated<number>;
  membership_id: number;
  kind: string;
  ref: string;
  created_at: string;
};

export type MembershipAdminTables = {
  membership_events: MembershipEventTable;
  membership_notices: MembershipNoticeTable;
};

export type MembershipEvent = Selectable<MembershipEventTable>;
