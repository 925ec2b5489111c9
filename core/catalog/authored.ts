// What the authoring calls answer with: a course, section, lecture and component as the editor sees them (the
// admin's editor pages and core/media's lecture files read these shapes too).
import type { Selectable } from "kysely";
import type { CourseSectionTable, CourseTable, LectureComponentTable, LectureTable } from "#platform/db/schema.ts";
import type { ComponentKind } from "./component-data.ts";

export type CourseRow = Selectable<CourseTable>;
export type SectionRow = Selectable<CourseSectionTable>;
export type LectureRow = Selectable<LectureTable>;
export type ComponentRow = Selectable<LectureComponentTable>;

export type AuthoredCourse = {
  id: number;
  title: string;
  slug: string;
  description: string;
  cover_image: string | null;
  status: CourseRow["status"];
  published_at: string | null;
  price_cents: number;
  currency: string;
  vat_rate: number;
  promo_price_cents: number | null;
  promo_starts_at: string | null;
  promo_ends_at: string | null;
  access_days: number | null;
  access_ends_at: string | null;
  author_name: string;
  author_bio: string;
  seo_title: string;
  seo_description: string;
  created_at: string;
  updated_at: string;
};

export function authoredCourse(row: CourseRow): AuthoredCourse {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    description: row.description,
    cover_image: row.cover_image,
    status: row.status,
    published_at: row.published_at,
    price_cents: row.price_cents,
    currency: row.currency,
    vat_rate: row.vat_rate,
    promo_price_cents: row.promo_price_cents,
    promo_starts_at: row.promo_starts_at,
    promo_ends_at: row.promo_ends_at,
    access_days: row.access_days,
    access_ends_at: row.access_ends_at,
    author_name: row.author_name,
    author_bio: row.author_bio,
    seo_title: row.seo_title,
    seo_description: row.seo_description,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export type AuthoredSection = {
  id: number;
  course_id: number;
  title: string;
  position: number;
  drip_days: number | null;
  drip_at: string | null;
};

export function authoredSection(row: SectionRow): AuthoredSection {
  return {
    id: row.id,
    course_id: row.course_id,
    title: row.title,
    position: row.position,
    drip_days: row.drip_days,
    drip_at: row.drip_at,
  };
}

export type AuthoredLecture = {
  id: number;
  section_id: number;
  title: string;
  duration_minutes: number;
  access: LectureRow["access"];
  status: LectureRow["status"];
  position: number;
  drip_days: number | null;
  drip_at: string | null;
};

export function authoredLecture(row: Pick<LectureRow, keyof AuthoredLecture>): AuthoredLecture {
  return {
    id: row.id,
    section_id: row.section_id,
    title: row.title,
    duration_minutes: row.duration_minutes,
    access: row.access,
    status: row.status,
    position: row.position,
    drip_days: row.drip_days,
    drip_at: row.drip_at,
  };
}

export type AuthoredComponent = {
  id: number;
  lecture_id: number;
  kind: ComponentKind;
  position: number;
  data: unknown;
};

export function authoredComponent(row: ComponentRow): AuthoredComponent {
  let data: unknown = {};
  try {
    data = JSON.parse(row.data);
  } catch {
    // a broken row shows as empty data; saving it again repairs it
  }
  return { id: row.id, lecture_id: row.lecture_id, kind: row.kind, position: row.position, data };
}
