// Where a person's data lives, and what the export and the erasure do with each table (issue 18, item 5).
// Every table that references users, or that a user's deletion would reach through cascades
// (platform/db/cascades.ts), is listed here; personal-data.test.ts compares this list with the migrated
// database's foreign keys, so that a new table referencing users fails the test until it is classified.
// `export`: the columns the person's file holds (an allowlist: password hashes, session ids, tokens, card tokens
// and capability hashes are never listed) and how the rows are found; null: the table holds nothing of theirs to
// hand over (secrets only). `erase`: what the erasure does (erase-personal-data.ts carries it out).

/** How the rows of one person are found: by a column holding their id, through a parent table, or by e-mail. */
export type RowsOf =
  | { by: "user"; column: string }
  | {
      by: "parent";
      column: string;
      parent: string;
      parentColumn: string;
      /** the parent's own rows, when they are found through a parent of their own (a charge's membership) */
      parentRows?: RowsOf;
    }
  | { by: "email"; column: string };

export type Erase =
  | "delete" // the rows go
  | "anonymise" // the rows stay, stripped of name, e-mail and content
  | "keep"; // the rows stay as they are: accounting records, or aggregate rows without personal data

export type TableUse = {
  export: { rows: RowsOf; columns: readonly string[]; json?: readonly string[] } | null;
  erase: Erase;
  why: string;
};

const own = (column = "user_id"): RowsOf => ({ by: "user", column });
const ofParent = (parent: string, column: string, parentColumn = "user_id"): RowsOf => ({
  by: "parent",
  parent,
  column,
  parentColumn,
});

export const PERSONAL_DATA: Readonly<Record<string, TableUse>> = {
  users: {
    export: { rows: own("id"), columns: ["id", "name", "email", "role", "created_at", "updated_at"] },
    erase: "anonymise",
    why: "transactions reference the row (on delete restrict): name and e-mail replaced, password made unusable",
  },
  sessions: { export: null, erase: "delete", why: "session ids are secrets; the account can no longer log in" },
  password_resets: { export: null, erase: "delete", why: "reset tokens are secrets" },
  course_access: {
    export: { rows: own(), columns: ["course_id", "starts_at", "ends_at", "source", "revoked_at", "created_at"] },
    erase: "keep",
    why: "an aggregate row (who had access) without personal data once the user is anonymised",
  },
  access_notices: {
    export: { rows: ofParent("course_access", "access_id"), columns: ["access_id", "kind", "ends_at", "created_at"] },
    erase: "keep",
    why: "a record that an ending notice went out, no personal data",
  },
  lecture_progress: {
    export: {
      rows: own(),
      columns: ["course_id", "lecture_id", "last_viewed_at", "completed_at", "starred", "note", "updated_at"],
    },
    erase: "anonymise",
    why: "progress stays for the course reports; the student's own note is content and is emptied",
  },
  drip_notices: {
    export: { rows: own(), columns: ["course_id", "unit", "unit_id", "created_at"] },
    erase: "delete",
    why: "notices sent to the person",
  },
  favourite_courses: { export: { rows: own(), columns: ["course_id", "created_at"] }, erase: "delete", why: "own" },
  favourite_lectures: { export: { rows: own(), columns: ["lecture_id", "created_at"] }, erase: "delete", why: "own" },
  product_access: {
    export: { rows: own(), columns: ["product_id", "transaction_id", "starts_at", "ends_at", "revoked_at"] },
    erase: "keep",
    why: "tied to the kept transactions; no personal data",
  },
  transactions: {
    export: {
      rows: own(),
      columns: [
        "id",
        "product_id",
        "quantity",
        "unit_price_cents",
        "discount_cents",
        "total_cents",
        "vat_rate",
        "currency",
        "status",
        "provider",
        "buyer_name",
        "buyer_email",
        "invoice",
        "consents",
        "paid_at",
        "refunded_at",
        "refund_cents",
        "created_at",
      ],
      json: ["invoice", "consents"],
    },
    erase: "anonymise",
    why:
      "accounting records the law keeps: amounts stay; the buyer's e-mail goes, the buyer's name and invoice " +
      "details stay only on a transaction with an invoice (kept as issued)",
  },
  invoices: {
    export: {
      rows: ofParent("transactions", "transaction_id"),
      columns: ["transaction_id", "provider", "status", "number", "created_at"],
    },
    erase: "keep",
    why: "invoices are kept as issued (the invoice law)",
  },
  payment_events: {
    export: null,
    erase: "keep",
    why: "the providers' notifications of the kept transactions: no personal data",
  },
  affiliate_commissions: { export: null, erase: "keep", why: "the affiliate's money, not the buyer's data" },
  invitations: {
    export: { rows: own(), columns: ["course_id", "status", "created_at", "accepted_at"] },
    erase: "anonymise",
    why: "part of the buyer's kept transaction; the invitee's name and e-mail replaced",
  },
  memberships: {
    export: {
      rows: own(),
      columns: [
        "id",
        "plan_id",
        "status",
        "price_cents",
        "currency",
        "period_months",
        "started_at",
        "current_period_end",
        "canceled_at",
        "ended_at",
        "provider",
        "card_brand",
        "card_last4",
        "created_at",
      ],
    },
    erase: "anonymise",
    why: "the record of payments stays; card token and card details go (erasure refused while one is live)",
  },
  membership_charges: {
    export: {
      rows: ofParent("memberships", "membership_id"),
      columns: ["membership_id", "period_number", "amount_cents", "currency", "status", "paid_at", "created_at"],
    },
    erase: "keep",
    why: "accounting records: amounts and dates only",
  },
  membership_invoices: {
    export: {
      rows: {
        by: "parent",
        column: "charge_id",
        parent: "membership_charges",
        parentColumn: "membership_id",
        parentRows: ofParent("memberships", "membership_id"),
      },
      columns: ["charge_id", "provider", "status", "number", "created_at"],
    },
    erase: "keep",
    why: "invoices are kept as issued (the invoice law)",
  },
  membership_events: {
    export: {
      rows: ofParent("memberships", "membership_id"),
      columns: ["membership_id", "kind", "days", "periods", "created_at"],
    },
    erase: "keep",
    why: "the admin's changes to a kept membership (extensions), no personal data",
  },
  membership_notices: { export: null, erase: "keep", why: "which reminder was sent: no personal data" },
  membership_cancellations: {
    export: { rows: own(), columns: ["membership_id", "reason", "other_reason", "created_at"] },
    erase: "delete",
    why: "the person's own words",
  },
  comments: {
    export: {
      rows: own(),
      columns: ["id", "commentable_type", "commentable_id", "body", "created_at", "updated_at"],
    },
    erase: "delete",
    why: "content (decision 0043: deleted with the replies under it, counts kept right)",
  },
  replies: {
    export: { rows: own(), columns: ["id", "comment_id", "body", "image", "created_at"] },
    erase: "delete",
    why: "content",
  },
  votes: {
    export: { rows: own(), columns: ["votable_type", "votable_id", "value", "created_at"] },
    erase: "keep",
    why: "anonymised aggregate rows: the others' vote counts stay right",
  },
  community_posts: {
    export: { rows: own(), columns: ["id", "topic_id", "title", "body", "image", "video_url", "created_at"] },
    erase: "delete",
    why: "content",
  },
  community_topic_subscriptions: {
    export: { rows: own(), columns: ["topic_id", "level", "updated_at"] },
    erase: "delete",
    why: "notification settings",
  },
  community_notifications: {
    export: { rows: own(), columns: ["topic_id", "post_id", "comment_id", "event", "created_at", "sent_at"] },
    erase: "delete",
    why: "notifications to the person",
  },
  reports: {
    export: { rows: own("reporter_id"), columns: ["reportable_type", "reportable_id", "reason", "text", "created_at"] },
    erase: "delete",
    why: "the person's own words",
  },
  reviews: {
    export: { rows: own(), columns: ["course_id", "first_name", "rating", "title", "body", "status", "created_at"] },
    erase: "delete",
    why: "content with the first name",
  },
  survey_responses: {
    export: { rows: own(), columns: ["survey_id", "course_id", "answers", "responded_at"], json: ["answers"] },
    erase: "delete",
    why: "the person's answers",
  },
  survey_postponements: {
    export: { rows: own(), columns: ["survey_id", "postponed_at"] },
    erase: "delete",
    why: "own",
  },
  exam_attempts: {
    export: {
      rows: own(),
      columns: ["id", "exam_id", "number", "status", "started_at", "submitted_at", "score", "max_score", "passed"],
    },
    erase: "delete",
    why: "the person's answers (exam_answers go with them)",
  },
  exam_answers: {
    export: {
      rows: ofParent("exam_attempts", "attempt_id"),
      columns: ["attempt_id", "question_key", "answer", "saved_at", "points", "comment"],
    },
    erase: "delete",
    why: "the person's answers",
  },
  certificates: {
    export: {
      rows: own(),
      columns: ["public_id", "course_id", "student_name", "course_title", "issued_at", "expires_at", "revoked_at"],
    },
    erase: "delete",
    why: "they carry the name; a certificate of nobody proves nothing",
  },
  student_tags: {
    // Found by erase-personal-data/export-personal-data's own query (public tags only for the student).
    export: null,
    erase: "delete",
    why: "tags: exported by name (the student sees the public ones), deleted",
  },
  student_imports: {
    export: null,
    erase: "anonymise",
    why: "an admin's import (admin_id): the erased student's e-mail and name replaced in its lines and report",
  },
  uploads: {
    export: { rows: own(), columns: ["context", "content_type", "size", "created_at"] },
    erase: "keep",
    why: "files' records (the content deleted with the posts); the owner link stays on an anonymised user",
  },
  videos: {
    export: { rows: own(), columns: ["title", "provider", "status", "created_at"] },
    erase: "keep",
    why: "as uploads",
  },
  audit_log: {
    export: { rows: own(), columns: ["actor_role", "method", "route", "summary", "status", "created_at"] },
    erase: "anonymise",
    why: "what a former team member did stays for the owner; the name kept at the time is replaced",
  },
  school: {
    export: null,
    erase: "keep",
    why: "the school names its owner, an admin: admins are never erased (the erasure refuses them)",
  },
  erasures: { export: null, erase: "keep", why: "the record that the erasure happened (when, by whom), no data" },
  // Found by the person's e-mail rather than a key:
  leads: {
    export: {
      rows: { by: "email", column: "email" },
      columns: [
        "form_id",
        "email",
        "fields",
        "hidden_fields",
        "page",
        "tags",
        "status",
        "confirmed_at",
        "ip",
        "created_at",
      ],
      json: ["fields", "hidden_fields", "tags"],
    },
    erase: "delete",
    why: "leads with the same e-mail (their lead_tags go with them)",
  },
  mails: {
    export: {
      rows: { by: "email", column: "to_address" },
      // Subjects and dates only: a body may carry a link's token (a reset, an invitation, a lead confirmation).
      columns: ["to_address", "subject", "created_at", "sent_at"],
    },
    erase: "delete",
    why: "e-mails sent to the person; their e-mail and name are also replaced in other mails' text",
  },
};

/** The tables found by a user key or a parent, in the order of the export file. */
export const PERSONAL_TABLES = Object.keys(PERSONAL_DATA);
