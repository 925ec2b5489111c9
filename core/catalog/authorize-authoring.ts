// The first step of every authoring use-case (/home/courses/...): the policy answers first, whatever the ids
// (401 for a visitor, 403 for a student), then the path's ids are parsed (404 when they are not plain ids), then
// the course itself is asked about. The use-cases then check that each id belongs to its parent (404 if not).
import { type Actor, authorize } from "../shared/actor.ts";
import { pathId } from "../shared/path-id.ts";
import { canAuthorCourses, canEditCourse } from "./policies.ts";

/** A path as the edge got it: ids not parsed yet (numbers from core's own callers are fine too). */
export type CoursePath = { courseId: unknown };
export type SectionPath = CoursePath & { sectionId: unknown };
export type LecturePath = SectionPath & { lectureId: unknown };
export type ComponentPath = LecturePath & { componentId: unknown };

type Parsed<P> = { [K in keyof P]: number };

export function authorizeAuthoring(actor: Actor): void {
  authorize(actor, canAuthorCourses(actor));
}

/** The ids of a path in a course the actor may edit (throws 401 / 403, then 404). */
export function editablePath<P extends CoursePath>(actor: Actor, path: P): Parsed<P> {
  authorizeAuthoring(actor);
  const ids = Object.fromEntries(Object.entries(path).map(([name, value]) => [name, pathId(value)])) as Parsed<P>;
  authorize(actor, canEditCourse(actor, { id: ids.courseId }));
  return ids;
}
