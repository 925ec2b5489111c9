// The community's rights (core/community/policies.ts): each rule with the actor and the topic or post that
// decide it, both ways, so that breaking any one of them fails here.
import { describe, expect, it } from "vitest";
import { type Actor, visitor } from "../shared/actor.ts";
import {
  canDeletePost,
  canEditPost,
  canManageTopics,
  canPinPost,
  canPostInTopic,
  canReadTopic,
  canSeePost,
  canTakePartInTopic,
  type TopicForRights,
} from "./policies.ts";

const admin: Actor = { kind: "admin", userId: 1 };
const student: Actor = { kind: "student", userId: 7 };
const otherStudent: Actor = { kind: "student", userId: 8 };

const topic = (visibility: "public" | "restricted", allow: 0 | 1 = 1): TopicForRights => ({
  visibility,
  allow_students_to_add_posts: allow,
});
const publicOpen = topic("public", 1);
const publicClosed = topic("public", 0);
const restrictedOpen = topic("restricted", 1);
const restrictedClosed = topic("restricted", 0);

describe("canManageTopics and canPinPost", () => {
  it("let admins only", () => {
    for (const rule of [canManageTopics, canPinPost]) {
      expect(rule(admin)).toBe(true);
      expect(rule(student)).toBe(false);
      expect(rule(visitor)).toBe(false);
    }
  });
});

describe("canReadTopic", () => {
  it("opens a public topic to everyone, visitors included, key or not", () => {
    for (const actor of [admin, student, visitor]) {
      expect(canReadTopic(actor, publicOpen, false)).toBe(true);
      expect(canReadTopic(actor, publicClosed, false)).toBe(true);
    }
  });

  it("opens a restricted topic to a signed-in holder of a key, and to admins without one", () => {
    expect(canReadTopic(student, restrictedOpen, true)).toBe(true);
    expect(canReadTopic(student, restrictedOpen, false)).toBe(false);
    expect(canReadTopic(admin, restrictedOpen, false)).toBe(true);
  });

  it("never opens a restricted topic to a visitor, even one handed a key by mistake", () => {
    expect(canReadTopic(visitor, restrictedOpen, true)).toBe(false);
    expect(canReadTopic(visitor, restrictedOpen, false)).toBe(false);
  });
});

describe("canPostInTopic", () => {
  it("lets admins post anywhere, even where students may not and without a key", () => {
    expect(canPostInTopic(admin, publicClosed, false)).toBe(true);
    expect(canPostInTopic(admin, restrictedClosed, false)).toBe(true);
  });

  it("lets a student post where they may read and the topic lets students post", () => {
    expect(canPostInTopic(student, publicOpen, false)).toBe(true);
    expect(canPostInTopic(student, restrictedOpen, true)).toBe(true);
  });

  it("refuses a student where students may not post, or in a restricted topic without a key", () => {
    expect(canPostInTopic(student, publicClosed, false)).toBe(false);
    expect(canPostInTopic(student, restrictedClosed, true)).toBe(false);
    expect(canPostInTopic(student, restrictedOpen, false)).toBe(false);
  });

  it("refuses a visitor, even in an open public topic", () => {
    expect(canPostInTopic(visitor, publicOpen, false)).toBe(false);
    expect(canPostInTopic(visitor, restrictedOpen, true)).toBe(false);
  });
});

describe("canTakePartInTopic (comments and votes)", () => {
  it("lets anyone signed in who may read, whether or not students may post", () => {
    expect(canTakePartInTopic(student, publicClosed, false)).toBe(true);
    expect(canTakePartInTopic(student, restrictedClosed, true)).toBe(true);
    expect(canTakePartInTopic(admin, restrictedClosed, false)).toBe(true);
  });

  it("refuses a visitor, and a student without the key of a restricted topic", () => {
    expect(canTakePartInTopic(visitor, publicOpen, false)).toBe(false);
    expect(canTakePartInTopic(student, restrictedOpen, false)).toBe(false);
  });
});

describe("canSeePost", () => {
  const shown = { user_id: 7, hidden_at: null };
  const hidden = { user_id: 7, hidden_at: "2026-01-01T00:00:00.000Z" };

  it("shows a post nobody hid to everyone", () => {
    for (const actor of [admin, student, otherStudent, visitor]) expect(canSeePost(actor, shown)).toBe(true);
  });

  it("shows a hidden post to admins only, not even to its author", () => {
    expect(canSeePost(admin, hidden)).toBe(true);
    expect(canSeePost(student, hidden)).toBe(false);
    expect(canSeePost(otherStudent, hidden)).toBe(false);
    expect(canSeePost(visitor, hidden)).toBe(false);
  });
});

describe("canEditPost and canDeletePost", () => {
  const post = { user_id: 7, hidden_at: null };

  it("let the post's author and the admins", () => {
    for (const rule of [canEditPost, canDeletePost]) {
      expect(rule(student, post)).toBe(true);
      expect(rule(admin, post)).toBe(true);
      expect(rule(admin, { user_id: 99, hidden_at: null })).toBe(true);
    }
  });

  it("refuse another student and a visitor", () => {
    for (const rule of [canEditPost, canDeletePost]) {
      expect(rule(otherStudent, post)).toBe(false);
      expect(rule(visitor, post)).toBe(false);
    }
  });
});
