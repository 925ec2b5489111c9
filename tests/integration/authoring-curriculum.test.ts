// Sections and lectures in the authoring API: list, store, update, delete and reorder (the new order is kept),
// the new-lecture defaults, the lecture editor's read, moving a lecture to another section, and what a
// deletion takes with it. English school: the 422s speak English.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserClient } from "../helpers/browser-client.ts";
import { setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { addComponent, arrangeCourse, expectCatalogBump, markdown } from "./authoring-helpers.ts";

let server: TestServer;
let admin: BrowserClient;

beforeAll(async () => {
  server = await startTestServer();
  admin = await setUpSchool(server, { language: "en" });
});
afterAll(() => server?.stop());

type Listed = { id: number; title: string; position: number; lectures: { id: number; title: string }[] };
const sectionsOf = async (courseId: number): Promise<Listed[]> =>
  (await admin.json("GET", `/home/courses/${courseId}/sections`)).body.sections;
const titles = (sections: Listed[]) => sections.map((s) => [s.title, s.lectures.map((l) => l.title)]);

describe("sections", () => {
  it("are stored at the end, listed in order, renamed and validated", async () => {
    const { id } = await arrangeCourse(admin, { title: "Sections" });
    const first = await expectCatalogBump(server, () =>
      admin.post(`/home/courses/${id}/sections`, { title: "Basics" }),
    );
    expect(first.status).toBe(200);
    expect(first.body.section).toMatchObject({ title: "Basics", position: 1, course_id: id });
    const second = await admin.post(`/home/courses/${id}/sections`, { title: "Advanced" });
    expect(second.body.section.position).toBe(2);

    const renamed = await expectCatalogBump(server, () =>
      admin.json("PUT", `/home/courses/${id}/sections/${second.body.section.id}`, { title: "  Expert  " }),
    );
    expect(renamed.body.section.title).toBe("Expert");
    expect(titles(await sectionsOf(id))).toEqual([
      ["Basics", []],
      ["Expert", []],
    ]);

    const empty = await admin.post(`/home/courses/${id}/sections`, { title: "" });
    expect(empty.status).toBe(422);
    expect(empty.body.errors.title).toEqual(["This field is required."]);
    const long = await admin.json("PUT", `/home/courses/${id}/sections/${second.body.section.id}`, {
      title: "x".repeat(201),
    });
    expect(long.body.errors.title).toEqual(["The text may not be longer than 200 characters."]);
  });

  it("are reordered with every id of the course once; the order is kept", async () => {
    const course = await arrangeCourse(admin, {
      title: "Order",
      sections: [{ title: "A" }, { title: "B" }, { title: "C" }],
    });
    const other = await arrangeCourse(admin, { title: "Elsewhere", sections: [{ title: "X" }] });
    const [a, b, c] = course.sections.map((s) => s.id) as [number, number, number];
    const url = `/home/courses/${course.id}/sections/order`;

    const reordered = await expectCatalogBump(server, () => admin.post(url, { ids: [c, a, b] }));
    expect(reordered.status).toBe(200);
    expect((await sectionsOf(course.id)).map((s) => s.title)).toEqual(["C", "A", "B"]);

    for (const ids of [[c, a], [c, a, b, other.sections[0]!.id], [c, a, a, b], ["x"], 5]) {
      const refused = await admin.post(url, { ids });
      expect(refused.status, JSON.stringify(ids)).toBe(422);
    }
    const foreign = await admin.post(url, { ids: [c, a, other.sections[0]!.id] });
    expect(foreign.body.errors.ids).toEqual(["The list is out of date. Reload the page and try again."]);
    // The refused orders changed nothing.
    expect((await sectionsOf(course.id)).map((s) => s.title)).toEqual(["C", "A", "B"]);
  });

  it("are deleted with their lectures, the lectures' components, progress and comments", async () => {
    const course = await arrangeCourse(admin, {
      title: "Deleting",
      sections: [
        { title: "Gone", lectures: ["G1", "G2"] },
        { title: "Kept", lectures: ["K1"] },
      ],
    });
    const [gone, kept] = course.sections as [{ id: number; lectures: number[] }, { id: number; lectures: number[] }];
    const lectureId = gone.lectures[0]!;
    await addComponent(admin, { courseId: course.id, sectionId: gone.id, lectureId }, markdown("Bye"));
    const db = server.handle.db;
    const user = await db.selectFrom("users").select("id").executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    await db
      .insertInto("lecture_progress")
      .values({ user_id: user.id, lecture_id: lectureId, course_id: course.id, completed_at: now, updated_at: now })
      .execute();
    const comment = await db
      .insertInto("comments")
      .values({
        commentable_type: "lecture",
        commentable_id: lectureId,
        user_id: user.id,
        body: "Hi",
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("votes")
      .values({ votable_type: "comment", votable_id: comment.id, user_id: user.id, value: 1, created_at: now })
      .execute();

    const response = await expectCatalogBump(server, () =>
      admin.json("DELETE", `/home/courses/${course.id}/sections/${gone.id}`),
    );
    expect(response.status).toBe(200);
    expect(titles(await sectionsOf(course.id))).toEqual([["Kept", ["K1"]]]);
    expect(await db.selectFrom("lectures").select("id").where("id", "in", gone.lectures).execute()).toEqual([]);
    expect(
      await db.selectFrom("lecture_components").select("id").where("lecture_id", "=", lectureId).execute(),
    ).toEqual([]);
    expect(
      await db.selectFrom("lecture_progress").select("user_id").where("lecture_id", "=", lectureId).execute(),
    ).toEqual([]);
    expect(await db.selectFrom("comments").select("id").where("id", "=", comment.id).execute()).toEqual([]);
    expect(
      await db
        .selectFrom("votes")
        .select("id")
        .where("votable_id", "=", comment.id)
        .where("votable_type", "=", "comment")
        .execute(),
    ).toEqual([]);
    expect(kept.lectures).toHaveLength(1);
    expect((await admin.json("DELETE", `/home/courses/${course.id}/sections/${gone.id}`)).status).toBe(404);
  });
});

describe("lectures", () => {
  it("start from the new-lecture defaults and are stored at the end of their section", async () => {
    const course = await arrangeCourse(admin, { title: "Lectures", sections: [{ title: "One" }, { title: "Two" }] });
    const section = course.sections[0]!.id;
    const defaults = await admin.json("GET", `/home/courses/${course.id}/sections/${section}/lectures/create`);
    expect(defaults.status).toBe(200);
    expect(defaults.body.lecture).toEqual({
      title: "",
      duration_minutes: 0,
      access: "paid",
      status: "draft",
      section_id: section,
    });
    expect(defaults.body.sections.map((s: { title: string }) => s.title)).toEqual(["One", "Two"]);

    const created = await expectCatalogBump(server, () =>
      admin.post(`/home/courses/${course.id}/sections/${section}/lectures`, {
        title: "Intro",
        duration_minutes: 75,
        access: "free",
        status: "published",
      }),
    );
    expect(created.status).toBe(200);
    expect(created.body.lecture).toMatchObject({
      title: "Intro",
      duration_minutes: 75,
      access: "free",
      status: "published",
      position: 1,
      section_id: section,
    });
    const next = await admin.post(`/home/courses/${course.id}/sections/${section}/lectures`, { title: "Next" });
    expect(next.body.lecture).toMatchObject({ position: 2, access: "paid", status: "draft", duration_minutes: 0 });

    const invalid = await admin.post(`/home/courses/${course.id}/sections/${section}/lectures`, {
      title: "",
      duration_minutes: 1.5,
      access: "vip",
      status: "hidden",
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toEqual({
      title: ["This field is required."],
      duration_minutes: ["Enter a whole number."],
      access: ["Choose one of the options."],
      status: ["Choose one of the options."],
    });
  });

  it("are read for the editor with their course, section, sections and components", async () => {
    const course = await arrangeCourse(admin, {
      title: "Editing",
      sections: [{ title: "S1", lectures: ["L1"] }, { title: "S2" }],
    });
    const [s1] = course.sections;
    const path = { courseId: course.id, sectionId: s1!.id, lectureId: s1!.lectures[0]! };
    const first = await addComponent(admin, path, markdown("First"));
    const second = await addComponent(admin, path, {
      kind: "embed",
      data: { url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" },
    });
    const response = await admin.json(
      "GET",
      `/home/courses/${course.id}/sections/${s1!.id}/lectures/${path.lectureId}`,
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      course: { id: course.id, title: "Editing", slug: course.slug, status: "draft" },
      section: { id: s1!.id, title: "S1" },
      lecture: { id: path.lectureId, title: "L1" },
    });
    expect(response.body.sections.map((s: { title: string }) => s.title)).toEqual(["S1", "S2"]);
    expect(response.body.components.map((c: { id: number; kind: string }) => [c.id, c.kind])).toEqual([
      [first, "markdown"],
      [second, "embed"],
    ]);
  });

  it("are updated, also partly, and moved to the end of another section of the same course", async () => {
    const course = await arrangeCourse(admin, {
      title: "Moving",
      sections: [
        { title: "From", lectures: ["M", "N"] },
        { title: "To", lectures: ["T"] },
      ],
    });
    const other = await arrangeCourse(admin, { title: "Foreign", sections: [{ title: "F" }] });
    const [from, to] = course.sections as [{ id: number; lectures: number[] }, { id: number; lectures: number[] }];
    const lecture = from.lectures[0]!;
    const url = `/home/courses/${course.id}/sections/${from.id}/lectures/${lecture}`;

    const updated = await expectCatalogBump(server, () =>
      admin.json("PUT", url, { title: "Moved", duration_minutes: 12, access: "login", status: "published" }),
    );
    expect(updated.body.lecture).toMatchObject({
      title: "Moved",
      duration_minutes: 12,
      access: "login",
      status: "published",
      section_id: from.id,
    });
    const partly = await admin.json("PUT", url, { status: "draft" });
    expect(partly.body.lecture).toMatchObject({
      title: "Moved",
      duration_minutes: 12,
      access: "login",
      status: "draft",
    });

    const foreign = await admin.json("PUT", url, { section_id: other.sections[0]!.id });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors.section_id).toEqual(["Choose one of the options."]);

    const moved = await admin.json("PUT", url, { section_id: to.id });
    expect(moved.status).toBe(200);
    expect(moved.body.lecture).toMatchObject({ section_id: to.id, position: 2 });
    expect(titles(await sectionsOf(course.id))).toEqual([
      ["From", ["N"]],
      ["To", ["T", "Moved"]],
    ]);
    // Its address now goes through its new section; the old one is a 404.
    expect((await admin.json("GET", url)).status).toBe(404);
    expect((await admin.json("GET", `/home/courses/${course.id}/sections/${to.id}/lectures/${lecture}`)).status).toBe(
      200,
    );
  });

  it("are reordered within their section; the order is kept; other ids are refused", async () => {
    const course = await arrangeCourse(admin, {
      title: "Lecture order",
      sections: [
        { title: "S", lectures: ["1", "2", "3"] },
        { title: "T", lectures: ["x"] },
      ],
    });
    const [s, t] = course.sections as [{ id: number; lectures: number[] }, { id: number; lectures: number[] }];
    const [l1, l2, l3] = s.lectures as [number, number, number];
    const url = `/home/courses/${course.id}/sections/${s.id}/lectures/order`;
    expect((await expectCatalogBump(server, () => admin.post(url, { ids: [l3, l1, l2] }))).status).toBe(200);
    expect(titles(await sectionsOf(course.id))[0]).toEqual(["S", ["3", "1", "2"]]);
    const refused = await admin.post(url, { ids: [l3, l1, t.lectures[0]!] });
    expect(refused.status).toBe(422);
    expect(titles(await sectionsOf(course.id))[0]).toEqual(["S", ["3", "1", "2"]]);
  });

  it("are deleted with their components and comments", async () => {
    const course = await arrangeCourse(admin, {
      title: "Delete lecture",
      sections: [{ title: "S", lectures: ["Gone", "Kept"] }],
    });
    const [section] = course.sections;
    const [gone] = section!.lectures as [number, number];
    await addComponent(admin, { courseId: course.id, sectionId: section!.id, lectureId: gone }, markdown("x"));
    const url = `/home/courses/${course.id}/sections/${section!.id}/lectures/${gone}`;
    expect((await expectCatalogBump(server, () => admin.json("DELETE", url))).status).toBe(200);
    expect(titles(await sectionsOf(course.id))).toEqual([["S", ["Kept"]]]);
    expect(
      await server.handle.db.selectFrom("lecture_components").select("id").where("lecture_id", "=", gone).execute(),
    ).toEqual([]);
    expect((await admin.json("DELETE", url)).status).toBe(404);
  });
});
