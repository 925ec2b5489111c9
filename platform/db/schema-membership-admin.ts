// Kysely table types of the memberships' admin side (migration 0023); the conventions of schema.ts hold here too.
import type { Generated, Selectable } from "kysely";

/** extended: the admin added days or periods; ended: the admin ended it at once. */
export type MembershipEventKind = "extended" | "ended";

export type MembershipEventTable = {
  id: Generated<number>;
  membership_id: number;
  kind: MembershipEventKind;
  days: Generated<number>;
  periods: Generated<number>;
  reason: Generated<string>;
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
