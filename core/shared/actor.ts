// Who is asking: built once per request at the edge (server/plugins/request-context.ts, from the session) and
// handed to use-cases, which ask their domain's policies.ts whether this actor may do what it asks.
// A discriminated union: a later kind (community member or moderator, an API key with scopes, an instructor with
// rights on some courses) is one more member here; the signatures that take an Actor stay as they are, and each
// policy decides what the new kind may do (a kind it does not name is refused).
import { AppError } from "../errors.ts";

export type Actor =
  | { readonly kind: "visitor" }
  | { readonly kind: "student"; readonly userId: number }
  | { readonly kind: "moderator"; readonly userId: number }
  | { readonly kind: "admin"; readonly userId: number; readonly owner?: true };

/** An actor behind a session: every kind but the visitor. */
export type SignedInActor = Exclude<Actor, { kind: "visitor" }>;

export const visitor: Actor = Object.freeze({ kind: "visitor" });

/**
 * The actor of a session's user (null: no session). `ownerId` is the school's owner (school.owner_user_id,
 * migration 0040): that admin's actor says so, for the few rights only the owner has (the team, the audit log).
 */
export function actorOf(user: { id: number; role: string } | null | undefined, ownerId?: number | null): Actor {
  if (!user) return visitor;
  if (user.role === "admin") {
    return user.id === ownerId ? { kind: "admin", userId: user.id, owner: true } : { kind: "admin", userId: user.id };
  }
  if (user.role === "moderator") return { kind: "moderator", userId: user.id };
  return { kind: "student", userId: user.id };
}

export function isSignedIn(actor: Actor): actor is SignedInActor {
  return actor.kind !== "visitor";
}

/** The school's admins (the owner among them): every right of the admin area but the owner's own. */
export function isAdmin(actor: Actor): actor is Extract<Actor, { kind: "admin" }> {
  return actor.kind === "admin";
}

/** A moderator: the moderation queue (lectures' and community's) and nothing else of the admin area. */
export function isModerator(actor: Actor): actor is Extract<Actor, { kind: "moderator" }> {
  return actor.kind === "moderator";
}

/** The school's owner (the admin who set it up): the only one who manages the team and reads the audit log. */
export function isOwner(actor: Actor): boolean {
  return actor.kind === "admin" && actor.owner === true;
}

/** The school's team: admins and moderators (their writes are kept in the audit log). */
export function isStaff(actor: Actor): actor is Extract<Actor, { kind: "admin" | "moderator" }> {
  return actor.kind === "admin" || actor.kind === "moderator";
}

/** The user behind the actor, or null for a visitor. */
export function userIdOf(actor: Actor): number | null {
  return isSignedIn(actor) ? actor.userId : null;
}

/**
 * A use-case's refusal when its policy says no: a visitor is asked to log in (401), anyone else is refused (403).
 * Objects of other users answer 404 instead: use-cases throw not_found for those themselves.
 */
export function authorize(actor: Actor, allowed: boolean): void {
  if (allowed) return;
  throw new AppError(isSignedIn(actor) ? "forbidden" : "unauthenticated");
}

/** authorize() for a use-case that records who did it: returns the actor, narrowed to a signed-in one. */
export function authorizeUser(actor: Actor, allowed: boolean): SignedInActor {
  authorize(actor, allowed && isSignedIn(actor));
  return actor as SignedInActor;
}

/** A use-case for signed-in users only (401 for a visitor); returns the actor, narrowed. */
export function requireSignedIn(actor: Actor): SignedInActor {
  if (!isSignedIn(actor)) throw new AppError("unauthenticated");
  return actor;
}
