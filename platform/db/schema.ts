// Kysely table types. Conventions (see docs/architecture.md, "Data"):
// - times are ISO-8601 UTC text ("2026-11-21T10:00:00.000Z"), compared as text;
// - booleans are integers 0/1 on both databases;
// - JSON is stored as text and parsed by the code that owns the column;
// - money is integer cents with a currency code.
import type { Generated, Insertable, Selectable, Updateable } from "kysely";

export type Language = "en" | "pl";
export type Role = "admin" | "student";

export type SchoolTable = {
  id: Generated<number>;
  name: string;
  language: Language;
  currency: string;
  login_enabled: number;
  registration_enabled: number;
  /** always 1, unique: there is one school (migration 0003) */
  singleton: Generated<number>;
  created_at: string;
  updated_at: string;
};

export type UserTable = {
  id: Generated<number>;
  email: string;
  name: string;
  password_hash: string;
  role: Role;
  /** JSON: { community_topics: number[], product_updates: boolean, ... } */
  email_notifications: string;
  created_at: string;
  updated_at: string;
};

export type SessionTable = {
  /** sha256 of the cookie's token: the token itself is never stored */
  id: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  last_seen_at: string;
  ip: string;
  user_agent: string;
};

export type PasswordResetTable = {
  /** sha256 of the token sent by e-mail */
  token_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
};

export type JobStatus = "pending" | "running" | "done" | "failed";

export type JobTable = {
  id: Generated<number>;
  type: string;
  payload: string;
  status: JobStatus;
  attempts: number;
  max_attempts: number;
  run_at: string;
  locked_at: string | null;
  locked_by: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
};

export type MailTable = {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  /** 'outbox' when kept for the owner to read (no SMTP), 'smtp' when sent */
  transport: "outbox" | "smtp";
  created_at: string;
  sent_at: string | null;
};

export type CourseStatus = "draft" | "published" | "unpublished";
export type LectureAccess = "free" | "paid" | "login";
export type LectureStatus = "draft" | "published";

export type CourseTable = {
  id: Generated<number>;
  slug: string;
  title: string;
  description: string;
  status: CourseStatus;
  price_cents: number;
  currency: string;
  created_at: string;
  updated_at: string;
};

export type CourseSectionTable = {
  id: Generated<number>;
  course_id: number;
  title: string;
  position: number;
};

export type LectureTable = {
  id: Generated<number>;
  section_id: number;
  title: string;
  duration_minutes: number;
  access: LectureAccess;
  status: LectureStatus;
  position: number;
  /** markdown */
  body: string;
};

export type Database = {
  school: SchoolTable;
  users: UserTable;
  sessions: SessionTable;
  password_resets: PasswordResetTable;
  jobs: JobTable;
  mails: MailTable;
  courses: CourseTable;
  course_sections: CourseSectionTable;
  lectures: LectureTable;
};

export type School = Selectable<SchoolTable>;
export type User = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type UserUpdate = Updateable<UserTable>;
export type Job = Selectable<JobTable>;
export type Mail = Selectable<MailTable>;
