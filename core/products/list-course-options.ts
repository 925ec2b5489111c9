// The courses a bundle may hold, for the product editor's course picker: every course, drafts too (a bundle may
// be prepared before its courses are published), by title.
import type { Db } from "#platform/db/connection.ts";
import type { CourseStatus } from "#platform/db/schema.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { canManageProducts } from "./policies.ts";

export type CourseOption = { id: number; title: string; slug: string; status: CourseStatus };

export async function listCourseOptions(db: Db, actor: Actor): Promise<CourseOption[]> {
  authorize(actor, canManageProducts(actor));
  return db.selectFrom("courses").select(["id", "title", "slug", "status"]).orderBy("title").orderBy("id").execute();
}
