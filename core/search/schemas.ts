// The search box's input (spec §5, §7: POST /search {q}): required, at most 100 characters. Pure: shared by the
// search modal and the server.
import { z } from "zod";

export const SEARCH_MAX_LENGTH = 100;

export const searchSchema = z.object({
  q: z.string().trim().min(1).max(SEARCH_MAX_LENGTH),
});

export type SearchInput = z.input<typeof searchSchema>;
