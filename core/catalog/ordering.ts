// Reordering (POST .../order {ids}): the list must hold every item of its parent exactly once, so that a
// stale page (an item added or removed in another tab) or an id of another parent is refused with a 422
// instead of leaving positions half-applied.
import type { Db } from "#platform/db/connection.ts";
import { fieldError } from "../errors.ts";
import { parseInput } from "../validation.ts";
import { orderSchema } from "./authoring-schemas.ts";

/** The requested order, checked against the parent's current ids (any order). */
export function checkedOrder(input: unknown, currentIds: readonly number[]): number[] {
  const { ids } = parseInput(orderSchema, input);
  const current = new Set(currentIds);
  if (ids.length !== current.size || ids.some((id) => !current.has(id))) {
    throw fieldError("ids", "authoring:order_mismatch");
  }
  return ids;
}

type PositionedTable = "course_sections" | "lectures" | "lecture_components";

/** Positions 1..n in the given order. */
export async function applyOrder(db: Db, table: PositionedTable, ids: readonly number[]): Promise<void> {
  for (const [index, id] of ids.entries()) {
    await db
      .updateTable(table)
      .set({ position: index + 1 })
      .where("id", "=", id)
      .execute();
  }
}
