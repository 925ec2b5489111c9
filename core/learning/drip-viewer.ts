// The drip release's view of one viewer on one course (drip-rules.ts decides): from when their access counts,
// in the school's time zone, at what time. Read only when the course has a rule, so courses without drip pay
// nothing on the watch page's hot path.
import { getSchool } from "#core/school/get-school.ts";
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import type { User } from "#platform/db/schema.ts";
import { courseAccessStart } from "./course-access.ts";
import { dripAccessStart, type DripRule, type DripState, lectureDrip } from "./drip-rules.ts";
import type { WatchViewer } from "./watch-rules.ts";

export type DripContext = { start: string | null | "exempt"; timeZone: string; now: string };

export async function dripContext(
  db: Db,
  user: Pick<User, "id" | "role"> | null,
  viewer: Pick<WatchViewer, "isAdmin" | "preview">,
  courseId: number,
): Promise<DripContext> {
  const now = nowIso();
  const school = await getSchool(db);
  const own = user && !viewer.isAdmin && !viewer.preview ? await courseAccessStart(db, user, courseId, now) : null;
  return { start: dripAccessStart(viewer, own, now), timeZone: school?.time_zone ?? "UTC", now };
}

export function dripOf(context: DripContext, section: DripRule, lecture: DripRule): DripState {
  return lectureDrip({ section, lecture }, context.start, context.timeZone, context.now);
}
