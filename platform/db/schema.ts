// Kysely table types. Conventions (see docs/architecture.md, "Data"):
// - times are ISO-8601 UTC text ("2026-11-21T10:00:00.000Z"), compared as text;
// - booleans are integers 0/1 on both databases;
// - JSON is stored as text and parsed by the code that owns the column;
// - money is integer cents with a currency code.
import type { Generated, Insertable, Selectable, Updateable } from "kysely";
import type { CertificateTables } from "./schema-certificates.ts";
import type { ExamTables } from "./schema-exams.ts";
import type { MembershipAdminTables } from "./schema-membership-admin.ts";
import type { MembershipTables } from "./schema-memberships.ts";
import type { MembershipStripeTables } from "./schema-memberships-stripe.ts";
import type { SellingTables } from "./schema-selling.ts";
import type { StudentTables } from "./schema-students.ts";
import type { PrivacyTables } from "./schema-privacy.ts";
import type { WebhookTables } from "./schema-webhooks.ts";
import type { LeadTables } from "./schema-leads.ts";
import type { PageTables } from "./schema-pages.ts";
import type { TeamTables } from "./schema-team.ts";

export type * from "./schema-selling.ts";
export type * from "./schema-exams.ts";
export type * from "./schema-memberships.ts";
export type * from "./schema-memberships-stripe.ts";
export type * from "./schema-certificates.ts";
export type * from "./schema-membership-admin.ts";
export type * from "./schema-leads.ts";
export type * from "./schema-pages.ts";
export type * from "./schema-team.ts";

export type Language = "en" | "pl";
/** a user's role; "moderator": the moderation queue only (migration 0040) */
export type Role = "admin" | "moderator" | "student";

export type SchoolTable = {
  id: Generated<number>;
  name: string;
  language: Language;
  currency: string;
  login_enabled: number;
  registration_enabled: number;
  /** the school's public address (https://school.example), origin only; null until known (migration 0008) */
  public_url: string | null;
  /** the line under the school's name on the home page; empty: the default (migration 0010) */
  tagline: Generated<string>;
  /** the VAT rate (%) new courses and products start with (migration 0011) */
  vat_rate: Generated<number>;
  /** IANA time zone dates are shown in and a live event's start is entered in (migration 0014) */
  time_zone: Generated<string>;
  /** the header's logo and the tab's icon: stored image keys, null: none (migration 0029) */
  logo: string | null;
  favicon: string | null;
  /** the brand colour (#rrggbb) and the text colour on it; empty: the default blue and white (migration 0029) */
  brand_color: Generated<string>;
  brand_text_color: Generated<string>;
  /** the footer's and the search engines' words about the school, and its contact address (migration 0029) */
  description: Generated<string>;
  contact_email: Generated<string>;
  /** http(s) addresses, one a line (migration 0029) */
  social_links: Generated<string>;
  footer_text: Generated<string>;
  /** the seller shown on invoices and legal pages (migration 0029) */
  company_name: Generated<string>;
  company_address: Generated<string>;
  company_tax_id: Generated<string>;
  /** the legal pages in markdown (/terms, /privacy, /withdrawal); empty: no such page (migration 0029) */
  terms: Generated<string>;
  privacy: Generated<string>;
  withdrawal: Generated<string>;
  /** the admin who set the school up: manages the team, reads the audit log (migration 0040) */
  owner_user_id: number | null;
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
  /** posting paused by a moderator until this time (migration 0017); null: not paused */
  posting_paused_until: string | null;
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
  /** at most one job row per key (platform/jobs/queue.ts); NULL: no key */
  unique_key: string | null;
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
  // migration 0004
  /** storage key of the cover image, served under /files/ */
  cover_image: string | null;
  /** percent, e.g. 23 */
  vat_rate: Generated<number>;
  promo_price_cents: number | null;
  promo_starts_at: string | null;
  promo_ends_at: string | null;
  /** access length in days after purchase; null: no limit (or access_ends_at) */
  access_days: number | null;
  access_ends_at: string | null;
  author_name: Generated<string>;
  author_bio: Generated<string>;
  seo_title: Generated<string>;
  seo_description: Generated<string>;
  /** lower-case, accent-free title + description for search (core/catalog/search-text.ts) */
  search_text: Generated<string>;
  published_at: string | null;
};

export type CoursePriceChangeTable = {
  id: Generated<number>;
  course_id: number;
  price_cents: number;
  promo_price_cents: number | null;
  promo_starts_at: string | null;
  promo_ends_at: string | null;
  changed_at: string;
};

export type ComponentKind = "markdown" | "video" | "embed" | "pdf" | "file" | "quiz";

export type LectureComponentTable = {
  id: Generated<number>;
  lecture_id: number;
  kind: ComponentKind;
  position: number;
  /** JSON, shape by kind: core/catalog/component-data.ts */
  data: string;
  created_at: string;
  updated_at: string;
};

export type CourseAccessSource = "admin" | "purchase" | "sample" | "invitation";

export type CourseAccessTable = {
  id: Generated<number>;
  user_id: number;
  course_id: number;
  starts_at: string;
  /** null: no end */
  ends_at: string | null;
  source: CourseAccessSource;
  granted_by: number | null;
  reason: Generated<string>;
  revoked_at: string | null;
  created_at: string;
};

export type LectureProgressTable = {
  user_id: number;
  lecture_id: number;
  course_id: number;
  last_viewed_at: string | null;
  completed_at: string | null;
  starred: Generated<number>;
  note: Generated<string>;
  updated_at: string;
};

export type CommentableType = "lecture" | "post";

export type CommentTable = {
  id: Generated<number>;
  commentable_type: CommentableType;
  commentable_id: number;
  user_id: number;
  body: string;
  by_admin: Generated<number>;
  video_id: number | null;
  up_votes_count: Generated<number>;
  replies_count: Generated<number>;
  /** hidden by a moderator: shown to admins only (migration 0017) */
  hidden_at: string | null;
  created_at: string;
  updated_at: string;
};

export type ReplyTable = {
  id: Generated<number>;
  comment_id: number;
  user_id: number;
  body: string;
  /** storage key of an image an admin attached */
  image: string | null;
  by_admin: Generated<number>;
  up_votes_count: Generated<number>;
  /** hidden by a moderator: shown to admins only (migration 0017) */
  hidden_at: string | null;
  created_at: string;
};

export type VotableType = "comment" | "reply" | "post";

export type VoteTable = {
  id: Generated<number>;
  votable_type: VotableType;
  votable_id: number;
  user_id: number;
  /** 1 or -1 (a vote of 0 deletes the row) */
  value: number;
  created_at: string;
};

export type ReviewStatus = "pending" | "approved" | "disapproved";

export type ReviewTable = {
  id: Generated<number>;
  course_id: number;
  user_id: number | null;
  comment_id: number | null;
  first_name: string;
  /** 10 recommended, 5 neutral, 0 not recommended (1 when made from a comment) */
  rating: number;
  title: Generated<string>;
  body: Generated<string>;
  status: Generated<ReviewStatus>;
  created_at: string;
};

export type UploadTable = {
  id: Generated<number>;
  storage_key: string;
  /** where the image is used: 'course-cover', 'reply', 'lecture-file', ... */
  context: string;
  user_id: number | null;
  content_type: string;
  size: number | null;
  /** 'pending' until the signed PUT arrived and passed the checks */
  status: Generated<"pending" | "stored">;
  created_at: string;
};

export type VideoTable = {
  id: Generated<number>;
  provider: "local" | "bunny";
  storage_key: string | null;
  external_id: string | null;
  title: Generated<string>;
  /** the spec's bunny_status: 3 ready to play; 0, 1, 2 processing; 5 failed */
  status: Generated<number>;
  /** the length the browser read from the file before the upload; 0: not known */
  duration_seconds: Generated<number>;
  user_id: number | null;
  lecture_id: number | null;
  created_at: string;
  updated_at: string;
};

/** A community topic (migration 0015). Public: anyone may read it; restricted: the admin and holders of a key. */
export type CommunityTopicTable = {
  id: Generated<number>;
  title: string;
  description: Generated<string>;
  allow_students_to_add_posts: Generated<number>;
  visibility: Generated<"public" | "restricted">;
  /** the admin's order on /community, ascending */
  position: Generated<number>;
  created_at: string;
  updated_at: string;
};

/** A key to a restricted topic: owning this product opens it (the memberships issue adds plans beside it). */
export type CommunityTopicProductTable = {
  topic_id: number;
  product_id: number;
};

/** A post in a topic (migration 0015). Student posts are plain text, admin posts markdown (by_admin). */
export type CommunityPostTable = {
  id: Generated<number>;
  topic_id: number;
  user_id: number;
  by_admin: Generated<number>;
  title: string;
  body: string;
  /** storage key of the post's image (png, gif or jpeg, at most 600 KB after the browser's compression) */
  image: string | null;
  image_width: number | null;
  image_height: number | null;
  /** storage key of the image's small copy for the gallery (core/media/thumbnail.ts); null before migration 0026 */
  image_thumbnail: string | null;
  /** an embed URL (YouTube, Vimeo...) */
  video_url: string | null;
  /** a hosted video (ours or Bunny's): the spec's bunny_id and bunny_status come from it */
  video_id: number | null;
  /** pinned posts come first in their topic's feed, latest pinned first */
  pinned_at: string | null;
  /** hidden by a moderator: shown to admins only */
  hidden_at: string | null;
  up_votes_count: Generated<number>;
  comments_count: Generated<number>;
  created_at: string;
  updated_at: string;
};

/** How much mail a topic sends a user (migration 0016); no row: only comments on the user's own posts. */
export type TopicNotificationLevel = "muted" | "posts" | "all" | "digest";

export type CommunityTopicSubscriptionTable = {
  user_id: number;
  topic_id: number;
  level: TopicNotificationLevel;
  updated_at: string;
};

/** One thing to tell one user about (migration 0016): a new post, or a comment; sent_at once a mail carried it. */
export type CommunityNotificationTable = {
  id: Generated<number>;
  user_id: number;
  topic_id: number;
  post_id: number;
  comment_id: number | null;
  /** 'post:<id>' or 'comment:<id>', unique per user */
  event: string;
  reason: "subscription" | "author";
  /** 1: waits for the daily digest */
  digest: Generated<number>;
  created_at: string;
  sent_at: string | null;
};

export type ReportableType = "post" | "comment" | "reply";
export type ReportReason = "spam" | "abuse" | "off-topic" | "other";
export type ReportResolution = "hidden" | "deleted" | "dismissed";

/** A member's report of a post, a comment or a reply (migration 0017); open until a moderator resolves it. */
export type ReportTable = {
  id: Generated<number>;
  reportable_type: ReportableType;
  reportable_id: number;
  reporter_id: number;
  reason: ReportReason;
  /** the reporter's own words, at most 500 characters; empty when none */
  text: Generated<string>;
  created_at: string;
  resolved_at: string | null;
  resolved_by: number | null;
  resolution: ReportResolution | null;
};

export type SurveyPlacement = "none" | "student_area" | "course_lecture" | "course_completion" | "product";

/** A survey built by the admin (migration 0019); questions: the dynamic form's JSON (core/surveys/schemas.ts). */
export type SurveyTable = {
  id: Generated<number>;
  title: string;
  /** markdown */
  description: Generated<string>;
  /** JSON: SurveyQuestion[] */
  questions: string;
  /** where it shows: nowhere yet, the student area (/my), a course after lecture_id, or at a course's completion */
  placement: Generated<SurveyPlacement>;
  course_id: number | null;
  lecture_id: number | null;
  /** placement 'product': the product whose holders answer it in /my (migration 0028) */
  product_id: number | null;
  created_at: string;
  updated_at: string;
};

/** A student's answers to a survey, once (migration 0019). */
export type SurveyResponseTable = {
  id: Generated<number>;
  survey_id: number;
  user_id: number;
  /** JSON: question key (kebab-cased title) -> string, or the selected option values of a checkbox question */
  answers: string;
  responded_at: string;
  /** the course the answer came from: the survey's course when answered (migration 0028); results filter by it */
  course_id: number | null;
};

/** A student's latest 'Remind me later' (or closing) of a survey (migration 0019): hides it for 24 hours. */
export type SurveyPostponementTable = {
  survey_id: number;
  user_id: number;
  postponed_at: string;
};

export type CacheVersionTable = {
  name: string;
  version: Generated<number>;
};

export type CourseSectionTable = {
  id: Generated<number>;
  course_id: number;
  title: string;
  position: number;
  /** drip release: opens this many days after the student's access began (null: no such rule) */
  drip_days: number | null;
  /** drip release: opens at this instant, ISO-8601 UTC (null: no such rule) */
  drip_at: string | null;
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
  /** drip release, as on the section: the later of the two unlocks applies */
  drip_days: number | null;
  drip_at: string | null;
};

/** One unlock mail sent: a student's section or lecture that opened (migration 0027). */
export type DripNoticeTable = {
  id: Generated<number>;
  user_id: number;
  course_id: number;
  unit: "section" | "lecture";
  unit_id: number;
  created_at: string;
};

/** One access's end told to the student and to webhooks (migration 0035). */
export type AccessNoticeTable = {
  id: Generated<number>;
  access_id: number;
  kind: "expiring" | "expired";
  ends_at: string;
  created_at: string;
};

/** An article of the school's blog (migration 0033). */
export type ArticleVisibility = "public" | "students" | "members";
export type ArticleStatus = "draft" | "published";
export type ArticleTable = {
  id: Generated<number>;
  slug: string;
  title: string;
  /** markdown */
  body: string;
  /** an uploaded image's storage key */
  cover_image: string | null;
  author_name: string;
  seo_title: string;
  seo_description: string;
  /** who may read the body: everyone, logged-in users, or users with a live membership */
  visibility: ArticleVisibility;
  status: ArticleStatus;
  /** ISO-8601 UTC: a published article is shown from this moment on (null: a draft never given a date) */
  published_at: string | null;
  created_at: string;
  updated_at: string;
};

export type Database = {
  school: SchoolTable;
  articles: ArticleTable;
  users: UserTable;
  sessions: SessionTable;
  password_resets: PasswordResetTable;
  jobs: JobTable;
  mails: MailTable;
  courses: CourseTable;
  course_sections: CourseSectionTable;
  lectures: LectureTable;
  drip_notices: DripNoticeTable;
  course_price_changes: CoursePriceChangeTable;
  lecture_components: LectureComponentTable;
  course_access: CourseAccessTable;
  access_notices: AccessNoticeTable;
  lecture_progress: LectureProgressTable;
  comments: CommentTable;
  replies: ReplyTable;
  votes: VoteTable;
  reviews: ReviewTable;
  uploads: UploadTable;
  videos: VideoTable;
  cache_versions: CacheVersionTable;
  community_topics: CommunityTopicTable;
  community_topic_products: CommunityTopicProductTable;
  community_posts: CommunityPostTable;
  community_topic_subscriptions: CommunityTopicSubscriptionTable;
  community_notifications: CommunityNotificationTable;
  reports: ReportTable;
  surveys: SurveyTable;
  survey_responses: SurveyResponseTable;
  survey_postponements: SurveyPostponementTable;
} & SellingTables &
  MembershipTables &
  MembershipStripeTables &
  CertificateTables &
  ExamTables &
  MembershipAdminTables &
  StudentTables &
  PrivacyTables &
  WebhookTables &
  LeadTables &
  PageTables &
  TeamTables;

export type School = Selectable<SchoolTable>;
export type Article = Selectable<ArticleTable>;
export type User = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type UserUpdate = Updateable<UserTable>;
export type Job = Selectable<JobTable>;
export type Mail = Selectable<MailTable>;
