// Students' tables (migration 0034): tags, which student has which, and the bulk imports with their reports.
import type { Generated } from "kysely";

/** How a student came to have a tag. */
/** "rule": given by a tag rule (on a purchase, a completed course or a lead; migration 0041) */
export type StudentTagSource = "admin" | "import" | "purchase" | "rule";

export type TagTable = {
  id: Generated<number>;
  name: string;
  /** 0/1; 1: the student sees it (e.g. a cohort); 0: only the admins */
  public: number;
  created_at: string;
  updated_at: string;
};

export type StudentTagTable = {
  id: Generated<number>;
  user_id: number;
  tag_id: number;
  source: StudentTagSource;
  created_at: string;
};

export type StudentImportStatus = "pending" | "running" | "done";

export type StudentImportTable = {
  id: Generated<number>;
  admin_id: number;
  /** the course each line's student is given; null: none (or the course was deleted since) */
  course_id: number | null;
  /** JSON: number[] */
  tag_ids: Generated<string>;
  /** JSON: the import's lines as typed, ImportLine[] (core/students/schemas.ts) */
  lines: string;
  /** the admin's language: the invitation mails' */
  lang: string;
  status: Generated<StudentImportStatus>;
  total: number;
  processed: Generated<number>;
  /** JSON: ImportReportLine[], one per line in the order typed */
  report: Generated<string>;
  created_at: string;
  finished_at: string | null;
};

/** What makes a tag rule give its tag: the target is a product, a course or a lead form accordingly. */
export type TagRuleTrigger = "purchase" | "completion" | "lead";

export type TagRuleTable = {
  id: Generated<number>;
  tag_id: number;
  trigger: TagRuleTrigger;
  /** products.id, courses.id or lead_forms.id by the trigger (no foreign key: see migration 0041) */
  target_id: number;
  created_at: string;
};

export type StudentTables = {
  tags: TagTable;
  student_tags: StudentTagTable;
  student_imports: StudentImportTable;
  tag_rules: TagRuleTable;
};
