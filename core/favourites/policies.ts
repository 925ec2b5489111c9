// Who may keep favourites: anyone signed in (their own). Which course or lecture they may favourite is the watch
// rules' answer (set-favourite.ts): a course they can see, a lecture they may open.
import { type Actor, isSignedIn } from "../shared/actor.ts";

export function canKeepFavourites(actor: Actor): boolean {
  return isSignedIn(actor);
}
