// The actors of today, for policy tests (the owner is an admin with `owner: true`: core/team/policies.test.ts).
import { type Actor, visitor } from "./actor.ts";

export const actors = {
  visitor,
  student: { kind: "student", userId: 2 },
  admin: { kind: "admin", userId: 1 },
  moderator: { kind: "moderator", userId: 3 },
} as const satisfies Record<string, Actor>;

/** Who of them a policy of one actor allows, e.g. ["admin"]. */
export function allowedOf(policy: (actor: Actor) => boolean): string[] {
  return Object.entries(actors)
    .filter(([, actor]) => policy(actor))
    .map(([name]) => name);
}
