// /my/favourites: the student's favourite courses and lectures, newest first. Only what they may still see is
// listed: published courses, or unpublished ones they have access to; lectures that are published, in such a
// course (a paid lecture after the access ended stays listed: the watch page sends them to the checkout).
import type { Db } from "#platform/db/connection.ts";
import { type Actor, authorizeUser } from "../shared/actor.ts";
import { canKeepFavourites } from "./policies.ts";

export type MyFavourites = {
  courses: { id: number; title: string; slug: string }[];
  lectures: { id: number; title: string; course_title: string; course_slug: string }[];
};

export async function listMyFavourites(db: Db, actor: Actor): Promise<MyFavourites> {
  const { userId } = authorizeUser(actor, canKeepFavourites(actor));
  const visibleCourse = (status: string, courseId: number) => status === "published" || accessible.has(courseId);
  const access = await db
    .selectFrom("course_access")
    .select("course_id")
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .execute();
  const accessible = new Set(access.map((row) => row.course_id));
  const courses = await db
    .selectFrom("favourite_courses as f")
    .innerJoin("courses as c", "c.id", "f.course_id")
    .select(["c.id", "c.title", "c.slug", "c.status"])
    .where("f.user_id", "=", userId)
    .where("c.status", "!=", "draft")
    .orderBy("f.created_at", "desc")
    .execute();
  const lectures = await db
    .selectFrom("favourite_lectures as f")
    .innerJoin("lectures as l", "l.id", "f.lecture_id")
    .innerJoin("course_sections as s", "s.id", "l.section_id")
    .innerJoin("courses as c", "c.id", "s.course_id")
    .select(["l.id", "l.title", "c.id as course_id", "c.title as course_title", "c.slug as course_slug", "c.status"])
    .where("f.user_id", "=", userId)
    .where("l.status", "=", "published")
    .where("c.status", "!=", "draft")
    .orderBy("f.created_at", "desc")
    .execute();
  return {
    courses: courses
      .filter((c) => visibleCourse(c.status, c.id))
      .map((c) => ({ id: c.id, title: c.title, slug: c.slug })),
    lectures: lectures
      .filter((l) => visibleCourse(l.status, l.course_id))
      .map((l) => ({ id: l.id, title: l.title, course_title: l.course_title, course_slug: l.course_slug })),
  };
}
