// The admin's order of the topics (/community lists them so): POST /home/community/order {ids} with every
// topic once (a stale list, from another tab, is a 422 instead of half-applied positions), and
// POST /home/community/topics/{id}/move {direction: up|down}, the list's buttons (plain forms too).
import type { Db } from "#platform/db/connection.ts";
import { AppError, fieldError } from "../errors.ts";
import { parseInput } from "../validation.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { pathId } from "../shared/path-id.ts";
import { canManageTopics } from "./policies.ts";
import { moveSchema, topicOrderSchema } from "./topic-schemas.ts";

async function currentOrder(db: Db): Promise<number[]> {
  const rows = await db.selectFrom("community_topics").select("id").orderBy("position").orderBy("id").execute();
  return rows.map((row) => row.id);
}

async function applyOrder(db: Db, ids: readonly number[]): Promise<void> {
  for (const [index, id] of ids.entries()) {
    await db
      .updateTable("community_topics")
      .set({ position: index + 1 })
      .where("id", "=", id)
      .execute();
  }
}

export async function orderTopics(db: Db, actor: Actor, input: unknown): Promise<number[]> {
  authorize(actor, canManageTopics(actor));
  const { ids } = parseInput(topicOrderSchema, input);
  return db.transaction().execute(async (trx) => {
    const current = new Set(await currentOrder(trx));
    if (ids.length !== current.size || ids.some((id) => !current.has(id))) {
      throw fieldError("ids", "community_admin:order_mismatch");
    }
    await applyOrder(trx, ids);
    return ids;
  });
}

/** Swaps the topic with its neighbour; the first moved up (the last down) stays where it is. */
export async function moveTopic(db: Db, actor: Actor, idInput: unknown, input: unknown): Promise<number[]> {
  authorize(actor, canManageTopics(actor));
  const id = pathId(idInput);
  const { direction } = parseInput(moveSchema, input);
  return db.transaction().execute(async (trx) => {
    const ids = await currentOrder(trx);
    const at = ids.indexOf(id);
    if (at < 0) throw new AppError("not_found");
    const to = direction === "up" ? at - 1 : at + 1;
    if (to >= 0 && to < ids.length) [ids[at], ids[to]] = [ids[to]!, ids[at]!];
    await applyOrder(trx, ids);
    return ids;
  });
}
