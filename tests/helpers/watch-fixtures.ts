// Arranging courses for the watch page's tests directly in the database (the authoring API is a separate
// piece): a course with sections, lectures and components, and access rows for students.
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import type { ComponentKind, CourseStatus, LectureAccess, LectureStatus } from "#platform/db/schema.ts";

export type LectureSpec = {
  title: string;
  access: LectureAccess;
  status?: LectureStatus;
  minutes?: number;
  body?: string;
  components?: { kind: ComponentKind; data: unknown }[];
};

export type CourseSpec = {
  slug: string;
  title?: string;
  status?: CourseStatus;
  priceCents?: number;
  sections: { title: string; lectures: LectureSpec[] }[];
};

export type ArrangedCourse = { id: number; slug: string; title: string; lectures: Record<string, number> };

export async function arrangeCourse(db: Db, spec: CourseSpec): Promise<ArrangedCourse> {
  const now = nowIso();
  const title = spec.title ?? `Course ${spec.slug}`;
  const course = await db
    .insertInto("courses")
    .values({
      slug: spec.slug,
      title,
      description: `About ${title}`,
      status: spec.status ?? "published",
      price_cents: spec.priceCents ?? 4900,
      currency: "EUR",
      created_at: now,
      updated_at: now,
      published_at: (spec.status ?? "published") === "published" ? now : null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const lectures: Record<string, number> = {};
  for (const [sectionIndex, section] of spec.sections.entries()) {
    const { id: sectionId } = await db
      .insertInto("course_sections")
      .values({ course_id: course.id, title: section.title, position: sectionIndex + 1 })
      .returning("id")
      .executeTakeFirstOrThrow();
    for (const [index, lecture] of section.lectures.entries()) {
      const { id } = await db
        .insertInto("lectures")
        .values({
          section_id: sectionId,
          title: lecture.title,
          duration_minutes: lecture.minutes ?? 10,
          access: lecture.access,
          status: lecture.status ?? "published",
          position: index + 1,
          body: lecture.body ?? "",
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      lectures[lecture.title] = id;
      for (const [position, component] of (lecture.components ?? []).entries()) {
        await db
          .insertInto("lecture_components")
          .values({
            lecture_id: id,
            kind: component.kind,
            position: position + 1,
            data: JSON.stringify(component.data),
            created_at: now,
            updated_at: now,
          })
          .execute();
      }
    }
  }
  return { id: course.id, slug: spec.slug, title, lectures };
}

export async function userIdOf(db: Db, email: string): Promise<number> {
  const row = await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow();
  return row.id;
}

/** An access row as an admin's grant (or a purchase) writes it; endsAt in the past makes an ended access. */
export async function giveAccess(
  db: Db,
  options: { userId: number; courseId: number; endsAt?: string | null; revoked?: boolean },
) {
  const now = nowIso();
  await db
    .insertInto("course_access")
    .values({
      user_id: options.userId,
      course_id: options.courseId,
      starts_at: nowIso(-60_000),
      ends_at: options.endsAt ?? null,
      source: "admin",
      granted_by: null,
      reason: "",
      revoked_at: options.revoked ? now : null,
      created_at: now,
    })
    .execute();
}
