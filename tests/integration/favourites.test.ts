// Favourites over HTTP (issue 17, item 5), on both databases: a student marks a course and a lecture, sees them on
// /my/favourites and on the watch page's toggles (aria-pressed), unmarks them; the state asked for is kept however
// often it is sent; a visitor gets 401, a course or lecture the student may not see a 404, a bad body a 422.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserClient } from "../helpers/browser-client.ts";
import { arrangeDiscussionCourse, grantAccess, newStudent } from "../helpers/discussion-fixtures.ts";
import { setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

let server: TestServer;
const db = () => server.handle.db;

beforeAll(async () => {
  server = await startTestServer();
  await setUpSchool(server, { language: "en" });
});
afterAll(() => server?.stop());

describe("favourites", () => {
  it("are set and unset by the student, listed under /my and shown pressed on the watch page", async () => {
    const course = await arrangeDiscussionCourse(db(), {
      lectures: { free: { access: "free" }, paid: { access: "paid" } },
    });
    const student = await newStudent(server, "Fiona Favourite");
    const set = (body: Record<string, unknown>) => student.client.post("/favourites", body);

    expect((await set({ kind: "course", id: course.id, favourite: true })).body).toEqual({ favourite: true });
    expect((await set({ kind: "course", id: course.id, favourite: true })).body).toEqual({ favourite: true });
    expect((await set({ kind: "lecture", id: course.lectures.free, favourite: true })).body).toEqual({
      favourite: true,
    });
    // Parallel clicks asking for the same state leave one row.
    await Promise.all([1, 2, 3].map(() => set({ kind: "lecture", id: course.lectures.free, favourite: true })));
    const rows = await db().selectFrom("favourite_lectures").selectAll().where("user_id", "=", student.id).execute();
    expect(rows).toHaveLength(1);

    const list = await student.client.page("/my/favourites");
    expect(list.status).toBe(200);
    expect(list.html).toContain(`href="/${course.slug}/watch"`);
    expect(list.html).toContain(`href="/${course.slug}/watch/${course.lectures.free}"`);
    const watch = await student.client.page(`/${course.slug}/watch/${course.lectures.free}`);
    expect(watch.html).toMatch(/aria-pressed="true"[^>]*data-favourite="lecture"/);
    expect(watch.html).toMatch(/aria-pressed="true"[^>]*data-favourite="course"/);

    expect((await set({ kind: "course", id: course.id, favourite: false })).body).toEqual({ favourite: false });
    expect((await set({ kind: "lecture", id: course.lectures.free, favourite: false })).body).toEqual({
      favourite: false,
    });
    const after = await student.client.page("/my/favourites");
    expect(after.html).not.toContain(`href="/${course.slug}/watch/${course.lectures.free}"`);
    expect(after.html).toContain("Nothing here yet.");
    const watchAfter = await student.client.page(`/${course.slug}/watch/${course.lectures.free}`);
    expect(watchAfter.html).toMatch(/aria-pressed="false"[^>]*data-favourite="lecture"/);
  });

  it("refuses visitors, what the student may not see, and a bad body", async () => {
    const course = await arrangeDiscussionCourse(db(), {
      lectures: { free: { access: "free" }, paid: { access: "paid" } },
    });
    const draft = await arrangeDiscussionCourse(db(), { status: "draft", lectures: { free: { access: "free" } } });
    const student = await newStudent(server);
    const visitor = new BrowserClient(server.url);
    await visitor.page("/");
    expect((await visitor.post("/favourites", { kind: "course", id: course.id, favourite: true })).status).toBe(401);
    const set = (body: Record<string, unknown>) => student.client.post("/favourites", body);
    expect((await set({ kind: "course", id: draft.id, favourite: true })).status).toBe(404);
    expect((await set({ kind: "lecture", id: draft.lectures.free, favourite: true })).status).toBe(404);
    // A paid lecture without access is not theirs to open; with access it is.
    expect((await set({ kind: "lecture", id: course.lectures.paid, favourite: true })).status).toBe(404);
    await grantAccess(db(), student.id, course.id);
    expect((await set({ kind: "lecture", id: course.lectures.paid, favourite: true })).status).toBe(200);
    expect((await set({ kind: "course", id: 999999, favourite: true })).status).toBe(404);
    const bad = await set({ kind: "post", id: "x" });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["favourite", "id", "kind"]);
    // The same rule for the list: a favourite course that became a draft is no longer listed.
    await set({ kind: "course", id: course.id, favourite: true });
    await db().updateTable("courses").set({ status: "draft" }).where("id", "=", course.id).execute();
    const list = await student.client.page("/my/favourites");
    expect(list.html).not.toContain(`href="/${course.slug}/watch"`);
  });
});
