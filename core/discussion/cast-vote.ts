// POST /vote {type, id, value} (§3, §4, §7): one vote per user per comment or reply (a unique index), the same
// value again takes the vote back, and the item's up_votes_count changes in the same transaction. Concurrent
// votes of one user are safe: each write is conditional on the vote it read, and a lost race reads again.
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { AppError } from "../errors.ts";
import { parseInput } from "../validation.ts";
import { requireViewer, requireVisibleComment, requireVisibleReply } from "./commentable.ts";
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

export async function castVote(
  db: Db,
  options: { viewer: DiscussionViewer | null; input: unknown },
): Promise<VoteResult> {
  const viewer = requireViewer(options.viewer);
  const input = parseInput(voteSchema, options.input);
  const requested = input.value as VoteValue;
  if (input.type === "comment") await requireVisibleComment(db, input.id, viewer);
  else await requireVisibleReply(db, input.id, viewer);
  const table = input.type === "comment" ? "comments" : "replies";

  return db.transaction().execute(async (trx) => {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const mine = trx
        .selectFrom("votes")
        .select(["id", "value"])
        .where("votable_type", "=", input.type)
        .where("votable_id", "=", input.id)
        .where("user_id", "=", viewer.id);
      const existing = await mine.executeTakeFirst();
      const previous = (existing?.value ?? 0) as VoteValue;
      const { value, upDelta } = resolveVote(previous, requested);

      let applied: boolean;
      if (value === previous) applied = true;
      else if (!existing) {
        const result = await trx
          .insertInto("votes")
          .values({ votable_type: input.type, votable_id: input.id, user_id: viewer.id, value, created_at: nowIso() })
          .onConflict((oc) => oc.columns(["votable_type", "votable_id", "user_id"]).doNothing())
          .executeTakeFirst();
        applied = Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
      } else if (value === 0) {
        const result = await trx
          .deleteFrom("votes")
          .where("id", "=", existing.id)
          .where("value", "=", previous)
          .executeTakeFirst();
        applied = Number(result.numDeletedRows) > 0;
      } else {
        const result = await trx
          .updateTable("votes")
          .set({ value })
          .where("id", "=", existing.id)
          .where("value", "=", previous)
          .executeTakeFirst();
        applied = Number(result.numUpdatedRows) > 0;
      }
      // Another request of the same user changed the vote after it was read: read it again.
      if (!applied) continue;

      const item = await trx
        .updateTable(table)
        .set((eb) => ({ up_votes_count: eb("up_votes_count", "+", upDelta) }))
        .where("id", "=", input.id)
        .returning("up_votes_count")
        .executeTakeFirst();
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
