// POST /json/pages/countdowns/{blockId}: an evergreen countdown's end for this visitor (issue 16: "a per-visitor
// evergreen deadline kept on the server"). The first call starts it (now + the block's minutes) and every later
// call, from another tab or after the browser's storage was cleared, answers the same end: the deadline is a row
// keyed by the block and the visitor (the signed-in user, else the visitor cookie's value, hashed).
import { createHash } from "node:crypto";
import type { Db } from "#platform/db/connection.ts";
import { pathId } from "#core/shared/path-id.ts";
import { AppError } from "../errors.ts";
import { type Actor, isAdmin, userIdOf } from "../shared/actor.ts";
import type { BlockSettings } from "./schemas.ts";

export async function startEvergreenCountdown(
  db: Db,
  actor: Actor,
  options: { blockId: unknown; visitorToken: string; now: Date },
): Promise<{ endsAt: string }> {
  const blockId = pathId(options.blockId);
  const block = await db
    .selectFrom("subpage_blocks")
    .innerJoin("subpages", "subpages.id", "subpage_blocks.subpage_id")
    .select(["subpage_blocks.type", "subpage_blocks.settings", "subpages.status"])
    .where("subpage_blocks.id", "=", blockId)
    .executeTakeFirst();
  if (!block || block.type !== "countdown" || (block.status !== "published" && !isAdmin(actor)))
    throw new AppError("not_found");
  const settings = JSON.parse(block.settings) as BlockSettings<"countdown">;
  if (settings.mode !== "evergreen" || !settings.minutes) throw new AppError("not_found");

  const userId = userIdOf(actor);
  const visitor = userId !== null ? `user:${userId}` : visitorHash(options.visitorToken);
  const now = options.now.toISOString();
  await db
    .insertInto("countdown_deadlines")
    .values({
      block_id: blockId,
      visitor,
      ends_at: new Date(options.now.getTime() + settings.minutes * 60_000).toISOString(),
      created_at: now,
    })
    .onConflict((oc) => oc.columns(["block_id", "visitor"]).doNothing())
    .execute();
  const row = await db
    .selectFrom("countdown_deadlines")
    .select("ends_at")
    .where("block_id", "=", blockId)
    .where("visitor", "=", visitor)
    .executeTakeFirstOrThrow();
  return { endsAt: row.ends_at };
}

function visitorHash(token: string): string {
  return `v:${createHash("sha256").update(token).digest("base64url")}`;
}
