// Who a course mail goes to and what it names: the student's address and name, the course's title and address.
import type { Db } from "#platform/db/connection.ts";

export function studentInCourse(db: Db, userId: number, courseId: number) {
  return db
    .selectFrom("users as u")
    .innerJoin("courses as c", (join) => join.on("c.id", "=", courseId))
    .select(["u.email", "u.name", "c.title as course", "c.slug"])
    .where("u.id", "=", userId)
    .executeTakeFirst();
}
