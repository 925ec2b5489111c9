// POST /vote {type, id, value} (§3, §4, §7): one vote per user per comment, reply or community post (a unique index), the same
// value again takes the vote back, and the item's up_votes_count changes in the same transaction. Concurrent
// votes of one user are safe: each write is conditional on the vote it read, and a lost race reads again.
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { prepared } from "#platform/db/prepared.ts";
import { AppError } from "../errors.ts";
import { parseInput } from "../validation.ts";
import { commentableKind } from "./commentable-kinds.ts";
import { requireReadableComment, requireViewer, requireVisibleReply } from "./commentable.ts";
import type { ViewerVote } from "./present.ts";
import type { DiscussionViewer } from "./rights.ts";
import { voteSchema, type VotableKind, type VoteValue } from "./schemas.ts";
import { resolveVote } from "./votes.ts";

/** The §3 votable item, and the viewer's vote after this request. */
export type VoteResult = {
  type: VotableKind;
  id: number;
  votes: ViewerVote[];
  up_votes_count: number;
  value: VoteValue;
};

const ATTEMPTS = 20;

// A vote's statements, compiled once (platform/db/prepared.ts) and run in the vote's transaction. Each write
// returns the id it touched: no row means another request of the same user got there first.
const myVote = prepared((db, p: { type: VotableKind; id: number; userId: number }) =>
  db
    .selectFrom("votes")
    .select(["id", "value"])
    .where("votable_type", "=", p.type)
    .where("votable_id", "=", p.id)
    .where("user_id", "=", p.userId),
);
const insertVote = prepared(
  (db, p: { type: VotableKind; id: number; userId: number; value: VoteValue; createdAt: string }) =>
    db
      .insertInto("votes")
      .values({ votable_type: p.type, votable_id: p.id, user_id: p.userId, value: p.value, created_at: p.createdAt })
      .onConflict((oc) => oc.columns(["votable_type", "votable_id", "user_id"]).doNothing())
      .returning("id"),
);
// `previous`: the value read before; no row changes when another request changed it meanwhile.
const deleteVote = prepared((db, p: { id: number; previous: VoteValue }) =>
  db.deleteFrom("votes").where("id", "=", p.id).where("value", "=", p.previous).returning("id"),
);
const changeVote = prepared((db, p: { id: number; previous: VoteValue; value: VoteValue }) =>
  db
    .updateTable("votes")
    .set({ value: p.value })
    .where("id", "=", p.id)
    .where("value", "=", p.previous)
    .returning("id"),
);
const countUpIn = (table: "comments" | "replies" | "community_posts") =>
  prepared((db, p: { id: number; delta: number }) =>
    db
      .updateTable(table)
      .set((eb) => ({ up_votes_count: eb("up_votes_count", "+", p.delta) }))
      .where("id", "=", p.id)
      .returning("up_votes_count"),
  );
const countUp = {
  comment: countUpIn("comments"),
  reply: countUpIn("replies"),
  post: countUpIn("community_posts"),
};

export async function castVote(
  db: Db,
  options: { viewer: DiscussionViewer | null; input: unknown },
): Promise<VoteResult> {
  const viewer = requireViewer(options.viewer);
  const input = parseInput(voteSchema, options.input);
  const requested = input.value as VoteValue;
  // Where a comment hangs may come from the per-process copy: a comment deleted meanwhile has no row for the
  // count update below, which answers 404 and rolls the vote back.
  if (input.type === "comment") await requireReadableComment(db, input.id, viewer);
  else if (input.type === "reply") await requireVisibleReply(db, input.id, viewer);
  // A community post is voted on where it may be commented on (its kind decides: core/community).
  else await commentableKind("post").findVisible(db, input.id, viewer);

  return db.transaction().execute(async (trx) => {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const [existing] = await myVote(db, { type: input.type, id: input.id, userId: viewer.id }, trx);
      const previous = (existing?.value ?? 0) as VoteValue;
      const { value, upDelta } = resolveVote(previous, requested);

      let applied: boolean;
      if (value === previous) applied = true;
      else if (!existing) {
        const inserted = await insertVote(
          db,
          { type: input.type, id: input.id, userId: viewer.id, value, createdAt: nowIso() },
          trx,
        );
        applied = inserted.length > 0;
      } else if (value === 0) {
        applied = (await deleteVote(db, { id: existing.id, previous }, trx)).length > 0;
      } else {
        applied = (await changeVote(db, { id: existing.id, previous, value }, trx)).length > 0;
      }
      // Another request of the same user changed the vote after it was read: read it again.
      if (!applied) continue;

      const [item] = await countUp[input.type](db, { id: input.id, delta: upDelta }, trx);
      if (!item) throw new AppError("not_found");
      return {
        type: input.type,
        id: input.id,
        votes: value === 0 ? [] : [{ value: value as 1 | -1 }],
        up_votes_count: Number(item.up_votes_count),
        value,
      };
    }
    throw new AppError("conflict");
  });
}
