// Session lookups and their one-second cache for read-only requests (./sessions.ts, MAX_AGE_MS): in this process a
// logout, "sign out other devices", a change to the user and expiry take effect at once; requests that can
// change something always read the table; another process's writes reach read-only requests within MAX_AGE_MS.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { nowIso } from "#platform/db/connection.ts";
import { createUnitDatabase, type UnitDatabase } from "#tests/helpers/unit-database.ts";
import {
  createSession,
  destroyOtherSessions,
  destroySession,
  findRecentSession,
  findSession,
  MAX_AGE_MS,
} from "./sessions.ts";

let database: UnitDatabase;
let userId: number;
const days = 30;

beforeAll(async () => {
  database = await createUnitDatabase();
  const now = nowIso();
  const row = await database.handle.db
    .insertInto("users")
    .values({
      email: "sam@example.com",
      name: "Sam",
      password_hash: "x",
      role: "student" as const,
      email_notifications: "{}",
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  userId = row.id;
});
afterAll(() => database?.drop());
afterEach(() => {
  vi.useRealTimers();
});

async function newSession(options: { days?: number } = {}) {
  const { token } = await createSession(database.handle.db, {
    userId,
    days: options.days ?? days,
    ip: "",
    userAgent: "",
  });
  return token;
}

const read = (token: string) => findSession(database.handle.db, token, { days, readOnly: true });
const write = (token: string) => findSession(database.handle.db, token, { days });

describe("session lookups", () => {
  it("a read-only request reuses a lookup of the last second; others always read the table", async () => {
    const token = await newSession();
    expect((await read(token))?.user.email).toBe("sam@example.com");
    expect(findRecentSession(database.handle.db, token)?.user.email).toBe("sam@example.com");

    // Another process ends the session: this process cannot know before its cache entry is a second old.
    const other = database.connect();
    await other.db.deleteFrom("sessions").execute();
    expect(await write(token)).toBeNull();
    expect(await read(token)).not.toBeNull();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + MAX_AGE_MS);
    expect(await read(token)).toBeNull();
  });

  it("logout in this process ends the session at once, for read-only requests too", async () => {
    const token = await newSession();
    const found = await read(token);
    expect(found).not.toBeNull();
    await destroySession(database.handle.db, found!.session.id);
    expect(findRecentSession(database.handle.db, token)).toBeUndefined();
    expect(await read(token)).toBeNull();
  });

  it("'sign out other devices' (in a transaction, as a password change does it) ends them at once", async () => {
    const current = await newSession();
    const phone = await newSession();
    const kept = (await read(current))!.session.id;
    expect(await read(phone)).not.toBeNull();
    await database.handle.db.transaction().execute((trx) => destroyOtherSessions(trx, userId, kept));
    expect(await read(phone)).toBeNull();
    expect((await read(current))?.session.id).toBe(kept);
  });

  it("a change to the user (a new role) shows at once", async () => {
    const token = await newSession();
    expect((await read(token))?.user.role).toBe("student");
    await database.handle.db.updateTable("users").set({ role: "admin" }).where("id", "=", userId).execute();
    expect((await read(token))?.user.role).toBe("admin");
    await database.handle.db.updateTable("users").set({ role: "student" }).where("id", "=", userId).execute();
  });

  it("a session that expires while its lookup is cached ends on time", async () => {
    const token = await newSession({ days: 0.3 / (24 * 60 * 60) }); // 300 ms, less than MAX_AGE_MS
    const found = await read(token);
    expect(found).not.toBeNull();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.parse(found!.session.expiresAt));
    expect(findRecentSession(database.handle.db, token)).toBeUndefined();
    expect(await read(token)).toBeNull();
  });

  it("hands out frozen objects, so one request cannot change what another sees", async () => {
    const token = await newSession();
    const found = await read(token);
    expect(() => {
      (found!.user as { role: string }).role = "admin";
    }).toThrow(TypeError);
    expect((await read(token))?.user.role).toBe("student");
  });
});
