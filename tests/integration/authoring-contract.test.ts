// The HTTP contract of every authoring call (§7, /home/courses/...): 401 for a visitor, 403 for a student,
// 419 without the CSRF token (or with a foreign Origin), and 404 for an id that belongs to another course,
// section or lecture (IDOR), exactly like an id that does not exist.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserClient } from "../helpers/browser-client.ts";
import { registerStudent, setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { addComponent, type ArrangedCourse, arrangeCourse, markdown } from "./authoring-helpers.ts";

let server: TestServer;
let admin: BrowserClient;
let student: BrowserClient;
let visitor: BrowserClient;
let mine: ArrangedCourse;
let other: ArrangedCourse;
let component: number;
let otherComponent: number;
let studentId: number;

type Call = { method: string; path: string; body?: unknown };

function calls(c: { course: number; section: number; lecture: number; component: number; user: number }): Call[] {
  const course = `/home/courses/${c.course}`;
  const section = `${course}/sections/${c.section}`;
  const lecture = `${section}/lectures/${c.lecture}`;
  return [
    { method: "GET", path: "/home/courses" },
    { method: "POST", path: "/home/courses", body: { title: "New" } },
    { method: "GET", path: course },
    { method: "PUT", path: course, body: { title: "Renamed" } },
    { method: "DELETE", path: course },
    { method: "GET", path: `${course}/sections` },
    { method: "POST", path: `${course}/sections`, body: { title: "Section" } },
    { method: "POST", path: `${course}/sections/order`, body: { ids: [c.section] } },
    { method: "PUT", path: section, body: { title: "Renamed" } },
    { method: "DELETE", path: section },
    { method: "POST", path: `${section}/lectures`, body: { title: "Lecture" } },
    { method: "GET", path: `${section}/lectures/create` },
    { method: "POST", path: `${section}/lectures/order`, body: { ids: [c.lecture] } },
    { method: "GET", path: lecture },
    { method: "PUT", path: lecture, body: { title: "Renamed" } },
    { method: "DELETE", path: lecture },
    { method: "POST", path: `${lecture}/components`, body: markdown("Text") },
    { method: "POST", path: `${lecture}/components/order`, body: { ids: [c.component] } },
    { method: "PUT", path: `${lecture}/components/${c.component}`, body: { data: { markdown: "New" } } },
    { method: "DELETE", path: `${lecture}/components/${c.component}` },
    { method: "GET", path: `${course}/access` },
    { method: "POST", path: `${course}/access`, body: { email: "student@example.com" } },
    { method: "DELETE", path: `${course}/access/${c.user}` },
  ];
}

const idsOf = () => ({
  course: mine.id,
  section: mine.sections[0]!.id,
  lecture: mine.sections[0]!.lectures[0]!,
  component,
  user: studentId,
});

beforeAll(async () => {
  server = await startTestServer();
  admin = await setUpSchool(server, { language: "en" });
  student = await registerStudent(server);
  visitor = new BrowserClient(server.url);
  await visitor.page("/login");
  studentId = (
    await server.handle.db.selectFrom("users").select("id").where("role", "=", "student").executeTakeFirstOrThrow()
  ).id;
  mine = await arrangeCourse(admin, {
    title: "Mine",
    sections: [
      { title: "S1", lectures: ["L1"] },
      { title: "S2", lectures: ["L2"] },
    ],
  });
  other = await arrangeCourse(admin, { title: "Other", sections: [{ title: "O1", lectures: ["OL1"] }] });
  component = await addComponent(
    admin,
    { courseId: mine.id, sectionId: mine.sections[0]!.id, lectureId: mine.sections[0]!.lectures[0]! },
    markdown("Mine"),
  );
  otherComponent = await addComponent(
    admin,
    { courseId: other.id, sectionId: other.sections[0]!.id, lectureId: other.sections[0]!.lectures[0]! },
    markdown("Other"),
  );
});
afterAll(() => server?.stop());

describe("who may call the authoring API", () => {
  it("answers 401 to a visitor on every call", async () => {
    for (const call of calls(idsOf())) {
      const response = await visitor.json(call.method, call.path, call.body);
      expect(response.status, `${call.method} ${call.path}`).toBe(401);
      expect(response.body.message, `${call.method} ${call.path}`).toBeTruthy();
    }
  });

  it("answers 403 to a student on every call", async () => {
    for (const call of calls(idsOf())) {
      const response = await student.json(call.method, call.path, call.body);
      expect(response.status, `${call.method} ${call.path}`).toBe(403);
    }
  });

  it("answers 419 to every state-changing call without the CSRF token or from a foreign origin", async () => {
    const changing = calls(idsOf()).filter((call) => call.method !== "GET");
    for (const call of changing) {
      const withoutToken = await admin.json(call.method, call.path, call.body, { csrf: false });
      expect(withoutToken.status, `${call.method} ${call.path}`).toBe(419);
      const foreign = await admin.json(call.method, call.path, call.body, {
        headers: { origin: "https://evil.example" },
      });
      expect(foreign.status, `${call.method} ${call.path}`).toBe(419);
    }
    // Nothing was changed by any of them.
    const { body } = await admin.json("GET", `/home/courses/${mine.id}`);
    expect(body.course.title).toBe("Mine");
    expect(body.sections.map((s: { title: string }) => s.title)).toEqual(["S1", "S2"]);
  });
});

describe("who may open the editor pages", () => {
  it("sends a visitor to log in and shows a student the 404 page", async () => {
    const lecture = mine.sections[0]!.lectures[0]!;
    for (const path of [
      "/home/courses",
      "/home/courses/new",
      `/home/courses/${mine.id}`,
      `/home/courses/${mine.id}/lectures/${lecture}`,
    ]) {
      const anonymous = await new BrowserClient(server.url).raw(path, { headers: { accept: "text/html" } });
      expect(anonymous.status, path).toBe(302);
      expect(anonymous.headers.get("location"), path).toBe(`/login?next=${encodeURIComponent(path)}`);
      expect((await student.page(path)).status, path).toBe(404);
      expect((await admin.page(path)).status, path).toBe(200);
    }
    // A lecture of another course, or ids that are not ids, are the 404 page for the admin too.
    expect((await admin.page(`/home/courses/${mine.id}/lectures/${other.sections[0]!.lectures[0]}`)).status).toBe(404);
    expect((await admin.page("/home/courses/999999")).status).toBe(404);
    expect((await admin.page("/home/courses/abc")).status).toBe(404);
  });
});

describe("ids of another parent", () => {
  it("answer 404 when the section, lecture or component belongs to another course, section or lecture", async () => {
    const own = idsOf();
    const foreign = {
      course: other.id,
      section: other.sections[0]!.id,
      lecture: other.sections[0]!.lectures[0]!,
      component: otherComponent,
    };
    // Each child id swapped for one of another parent (the rest of the path is the admin's own).
    const swaps = [
      { ...own, section: foreign.section }, // another course's section
      { ...own, lecture: foreign.lecture }, // another course's lecture
      { ...own, lecture: mine.sections[1]!.lectures[0]! }, // a lecture of another section of the same course
      { ...own, component: otherComponent }, // another lecture's component
    ];
    for (const ids of swaps) {
      const nested = calls({ ...ids, user: studentId }).filter(
        (call) =>
          (ids.section !== own.section && call.path.includes(`/sections/${ids.section}`)) ||
          (ids.lecture !== own.lecture && call.path.includes(`/lectures/${ids.lecture}`)) ||
          (ids.component !== own.component && call.path.includes(`/components/${ids.component}`)),
      );
      expect(nested.length).toBeGreaterThan(0);
      for (const call of nested) {
        const response = await admin.json(call.method, call.path, call.body);
        expect(response.status, `${call.method} ${call.path}`).toBe(404);
      }
    }
    // Ids that do not exist, or are not ids at all, are 404 as well.
    for (const path of [
      "/home/courses/999999",
      "/home/courses/abc",
      "/home/courses/0",
      `/home/courses/${mine.id}/sections/999999`,
    ]) {
      expect((await admin.json("PUT", path, { title: "x" })).status, path).toBe(404);
    }
    // Nothing of the other course was touched.
    const { body } = await admin.json("GET", `/home/courses/${other.id}`);
    expect(body.sections).toHaveLength(1);
    expect(body.sections[0].lectures).toHaveLength(1);
    expect(body.sections[0].lectures[0].component_count).toBe(1);
  });
});
