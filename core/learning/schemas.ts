// Input of the learning calls (spec §7 POST /lecture/{id}/notes). Pure: shared with the watch page's note box.
import { z } from "zod";

export const NOTE_MAX_LENGTH = 10_000;

export const noteSchema = z.object({ note: z.string().max(NOTE_MAX_LENGTH) });

export type NoteInput = z.infer<typeof noteSchema>;
