// Input of the learning calls (spec §7 POST /lecture/{id}/notes). Pure: shared with the watch page's note box.
import { z } from "zod";

export const NOTE_MAX_LENGTH = 10_000;

export const noteSchema = z.object({ note: z.string().max(NOTE_MAX_LENGTH) });

export type NoteInput = z.infer<typeof noteSchema>;

/** Ids are 32-bit integer columns on PostgreSQL. */
const MAX_ID = 2_147_483_647;

/** A lecture id from a path: plain decimal digits within the id range ("1e3", "0x10", "-1" are not ids), else 0. */
export function lectureIdParam(value: unknown): number {
  const id = typeof value === "string" && /^[1-9][0-9]{0,9}$/.test(value) ? Number(value) : 0;
  return id <= MAX_ID ? id : 0;
}
