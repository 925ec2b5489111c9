// The favourite toggle's input: which course or lecture, and the state the student wants (so a repeated or
// crossed click ends in the state last asked for, not in a flip of a flip).
import { z } from "zod";
import { idSchema } from "#core/shared/ids.ts";

export const favouriteKinds = ["course", "lecture"] as const;
export type FavouriteKind = (typeof favouriteKinds)[number];

export const setFavouriteSchema = z.object({
  kind: z.enum(favouriteKinds, { error: "validation:in" }),
  id: idSchema,
  favourite: z.boolean(),
});
