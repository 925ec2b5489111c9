// Privacy's table (migration 0039): the record of each erasure, without the erased data.
import type { Generated } from "kysely";

/** Who asked for the erasure: an admin from the student's page, or the student from their account. */
export type ErasureRequester = "admin" | "self";

export type ErasureTable = {
  id: Generated<number>;
  /** the erased (now anonymised) user; one erasure per user */
  user_id: number;
  /** the user who erased: the admin, or the student themselves */
  erased_by: number;
  requested_by: ErasureRequester;
  created_at: string;
};

export type PrivacyTables = {
  erasures: ErasureTable;
};
