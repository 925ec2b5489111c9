// What the authoring calls answer with (course, section, lecture, component as the editor sees them) and the
// look-ups that tie every id to its parent: a section of another course, a lecture of another section or a
// component of another lecture is "not found" (404), like an id that does not exist.
import type { Selectable } from "kysely";
import type { Db } from "#platform/db/connection.ts";
import type { CourseSectionTable, CourseTable, LectureComponentTable, LectureTable } from "#platform/db/schema.ts";
import { AppError } from "../errors.ts";
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

export type AuthoredSection = { id: number; course_id: number; title: string; position: number };

export function authoredSection(row: SectionRow): AuthoredSection {
  return { id: row.id, course_id: row.course_id, title: row.title, position: row.position };
}

export type AuthoredLecture = {
  id: number;
  section_id: number;
  title: string;
  duration_minutes: number;
  access: LectureRow["access"];
  status: LectureRow["status"];
  position: number;
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

export async function requireCourse(db: Db, courseId: number): Promise<CourseRow> {
  const course = await db.selectFrom("courses").selectAll().where("id", "=", courseId).executeTakeFirst();
  if (!course) throw new AppError("not_found");
  return course;
}

export async function requireSection(db: Db, courseId: number, sectionId: number): Promise<SectionRow> {
  const section = await db
    .selectFrom("course_sections")
    .selectAll()
    .where("id", "=", sectionId)
    .where("course_id", "=", courseId)
    .executeTakeFirst();
  if (!section) throw new AppError("not_found");
  return section;
}

export async function requireLecture(
  db: Db,
  ids: { courseId: number; sectionId: number; lectureId: number },
): Promise<LectureRow> {
  const lecture = await db
    .selectFrom("lectures as l")
    .innerJoin("course_sections as s", "s.id", "l.section_id")
    .selectAll("l")
    .where("l.id", "=", ids.lectureId)
    .where("l.section_id", "=", ids.sectionId)
    .where("s.course_id", "=", ids.courseId)
    .executeTakeFirst();
  if (!lecture) throw new AppError("not_found");
  return lecture;
}

/** A lecture found by the course alone (the lecture editor's page address has no section). */
export async function requireLectureOfCourse(db: Db, courseId: number, lectureId: number): Promise<LectureRow> {
  const lecture = await db
    .selectFrom("lectures as l")
    .innerJoin("course_sections as s", "s.id", "l.section_id")
    .selectAll("l")
    .where("l.id", "=", lectureId)
    .where("s.course_id", "=", courseId)
    .executeTakeFirst();
  if (!lecture) throw new AppError("not_found");
  return lecture;
}

export async function requireComponent(
  db: Db,
  ids: { courseId: number; sectionId: number; lectureId: number; componentId: number },
): Promise<ComponentRow> {
  await requireLecture(db, ids);
  const component = await db
    .selectFrom("lecture_components")
    .selectAll()
    .where("id", "=", ids.componentId)
    .where("lecture_id", "=", ids.lectureId)
    .executeTakeFirst();
  if (!component) throw new AppError("not_found");
  return component;
}

/** The next position at the end of a list (positions start at 1). */
export function nextPosition(current: { max: number | null } | undefined): number {
  return Number(current?.max ?? 0) + 1;
}

/** A call's body as an object of fields; anything else (a list, a string, nothing) is a 422. */
export function objectInput(input: unknown): Record<string, unknown> {
  if (typeof input === "object" && input !== null && !Array.isArray(input)) return input as Record<string, unknown>;
  throw new AppError("validation", { messageKey: "validation:invalid" });
}
