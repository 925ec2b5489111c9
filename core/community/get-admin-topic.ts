// GET /home/community/topics/{id} (and the /home/community/{id} editor): one topic with its product keys.
import type { Db } from "#platform/db/connection.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { pathId } from "../shared/path-id.ts";
import { type AdminTopic, requireAdminTopic } from "./admin-topics.ts";
import { canManageTopics } from "./policies.ts";

export async function getAdminTopic(db: Db, actor: Actor, idInput: unknown): Promise<AdminTopic> {
  // The refusal first, whatever the id (401 / 403); then a malformed or unknown id is a 404.
  authorize(actor, canManageTopics(actor));
  return requireAdminTopic(db, pathId(idInput));
}
