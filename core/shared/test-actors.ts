// The three actors of today, for policy tests.
import { type Actor, actorOf, visitor } from "./actor.ts";

export const actors = {
  visitor,
  student: actorOf({ id: 2, role: "student" }),
  admin: actorOf({ id: 1, role: "admin" }),
} satisfies Record<string, Actor>;

/** Who of the three a policy of one actor allows, e.g. ["admin"]. */
export function allowedOf(policy: (actor: Actor) => boolean): string[] {
  return Object.entries(actors)
    .filter(([, actor]) => policy(actor))
    .map(([name]) => name);
}
