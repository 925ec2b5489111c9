// The first step of the lecture progress calls (watch, notes, star, complete): the policy answers first (a visitor
// is asked to log in to keep progress, 401), then the lecture's id is parsed (404), then the watch rules decide
// whether this viewer may watch that lecture (find-watchable-lecture.ts, 404 otherwise).
import type { Db } from "#platform/db/connection.ts";
import { AppError } from "../errors.ts";
import { type Actor, isSignedIn } from "../shared/actor.ts";
import { pathId } from "../shared/path-id.ts";
import { findWatchableLecture, type WatchableLecture } from "./find-watchable-lecture.ts";
import { canKeepLectureProgress } from "./policies.ts";

export type ProgressTarget = WatchableLecture & { userId: number };

export async function findProgressTarget(db: Db, actor: Actor, lectureId: unknown): Promise<ProgressTarget> {
  if (!canKeepLectureProgress(actor) || !isSignedIn(actor)) {
    if (isSignedIn(actor)) throw new AppError("forbidden");
    throw new AppError("unauthenticated", { messageKey: "errors:unauthenticated_progress" });
  }
  const id = pathId(lectureId);
  // The watch rules read the viewer as a user: its id and role (the actor's kind names the same roles).
  const user = { id: actor.userId, role: actor.kind };
  return { ...(await findWatchableLecture(db, { lectureId: id, user })), userId: actor.userId };
}
