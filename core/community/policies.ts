// Who may do what in the community (spec §6, issue 14). Pure: the community use-cases ask it on the server, the
// pages use it to decide which buttons to show. Whether a signed-in user holds a key to a restricted topic is read
// by ./topic-access.ts and handed in as `holdsKey`.
import { type Actor, isAdmin, isModerator, isSignedIn } from "../shared/actor.ts";

/** A topic as far as rights go. */
export type TopicForRights = {
  visibility: "public" | "restricted";
  allow_students_to_add_posts: number;
};

/** A post as far as rights go: its author and whether a moderator hid it. */
export type PostForRights = { user_id: number; hidden_at: string | null };

/** Creating, editing, ordering and deleting topics, choosing their keys, pinning posts. Admins. */
export function canManageTopics(actor: Actor): boolean {
  return isAdmin(actor);
}

/**
 * Reading a topic, its posts, their comments and its gallery. A public topic is open to everyone, visitors
 * included (the community shows what the school is about); a restricted one to the admins and to signed-in users
 * who hold one of its keys (a product they own; later a plan).
 */
export function canReadTopic(actor: Actor, topic: TopicForRights, holdsKey: boolean): boolean {
  if (isAdmin(actor)) return true;
  if (topic.visibility === "public") return true;
  return isSignedIn(actor) && holdsKey;
}

/** Writing a post in a topic: admins always; students where they may read and the topic lets students post. */
export function canPostInTopic(actor: Actor, topic: TopicForRights, holdsKey: boolean): boolean {
  if (isAdmin(actor)) return true;
  if (!isSignedIn(actor)) return false;
  return canReadTopic(actor, topic, holdsKey) && topic.allow_students_to_add_posts === 1;
}

/** Commenting and voting on a post the actor may read: anyone signed in. */
export function canTakePartInTopic(actor: Actor, topic: TopicForRights, holdsKey: boolean): boolean {
  return isSignedIn(actor) && canReadTopic(actor, topic, holdsKey);
}

/** Seeing a post a moderator hid: the admins and the moderators (its author sees it gone, like everyone else). */
export function canSeePost(actor: Actor, post: PostForRights): boolean {
  return post.hidden_at === null || isAdmin(actor) || isModerator(actor);
}

/** Editing a post: its author (§6), and the admins, who moderate. */
export function canEditPost(actor: Actor, post: PostForRights): boolean {
  if (isAdmin(actor)) return true;
  return isSignedIn(actor) && actor.userId === post.user_id;
}

/** Deleting a post: its author (§6), the admins and the moderators. */
export function canDeletePost(actor: Actor, post: PostForRights): boolean {
  return isModerator(actor) || canEditPost(actor, post);
}

/** Pinning a post to the top of its topic's feed. Admins. */
export function canPinPost(actor: Actor): boolean {
  return isAdmin(actor);
}
