// The admin's students (issue 18, items 1-3): the list at /home/students (search, course and tag filters, sorts,
// keyset pages that stay stable under equal sort keys), POST /student (a new account with an invitation to set
// its password, or the course for a known student, never a second account), tags given and taken by hand (a
// public one shown to the student), and the bulk import (at most 50 lines, invalid and repeated lines reported,
// run as a job the page follows, once a minute per admin in both languages). Admins only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeSettings, englishSchool, logInAs, resetMailsTo, resetTokenIn, visitor } from "../helpers/accounts.ts";
import type { BrowserClient } from "../helpers/browser-client.ts";
import { newStudent } from "../helpers/discussion-fixtures.ts";
import { registerStudent, setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer, waitFor } from "../helpers/test-server.ts";
import { addCourse, text } from "./catalog-helpers.ts";

let server: TestServer;
let admin: BrowserClient;
let courseId: number;
let otherCourseId: number;

beforeAll(async () => {
  server = await startTestServer();
  admin = await setUpSchool(server, { language: "en" });
  courseId = await addCourse(server, { slug: "students-course", title: "Watercolour Basics" });
  otherCourseId = await addCourse(server, { slug: "students-other", title: "Oil Painting" });
});
afterAll(() => server?.stop());

async function userByEmail(email: string) {
  return server.handle.db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();
}

async function accessOf(userId: number, course: number) {
  return server.handle.db
    .selectFrom("course_access")
    .selectAll()
    .where("user_id", "=", userId)
    .where("course_id", "=", course)
    .executeTakeFirst();
}

describe("who may work with students", () => {
  it("refuses students (403) and visitors (401) on every call", async () => {
    const student = await newStudent(server, "Curious Student");
    const calls: [string, string, unknown][] = [
      ["POST", "/student", { name: "X", email: "x@example.com" }],
      ["POST", "/home/students/import", { lines: "x@example.com" }],
      ["POST", `/home/students/${student.id}/tags`, { name: "vip" }],
      ["DELETE", `/home/students/${student.id}/tags/1`, undefined],
      ["GET", "/home/students", undefined],
      ["GET", "/home/students/imports/1", undefined],
    ];
    const anonymous = await visitor(server);
    for (const [method, path, body] of calls) {
      expect((await student.client.json(method, path, body)).status, `${method} ${path}`).toBe(403);
      expect((await anonymous.json(method, path, body)).status, `${method} ${path}`).toBe(401);
    }
    expect(await userByEmail("x@example.com")).toBeUndefined();
    expect((await student.client.page("/home/students")).status).toBe(404);
  });
});

describe("POST /student", () => {
  it("makes a new student with the course and tags, and e-mails an invitation whose link sets the password", async () => {
    const tag = await admin.post("/home/students/1/tags", { name: "unused" }); // no such student yet: 404
    expect(tag.status).toBe(404);
    const anyStudent = await newStudent(server, "Tag Holder");
    const cohort = await admin.post(`/home/students/${anyStudent.id}/tags`, { name: "Cohort 2026", public: true });
    expect(cohort.status).toBe(200);

    const response = await admin.post("/student", {
      name: "Nina New",
      email: "  Nina.New@Example.com ",
      course_id: courseId,
      tag_ids: [cohort.body.tag.id],
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.outcome).toBe("created");
    const nina = (await userByEmail("nina.new@example.com"))!;
    expect(response.body.student).toEqual({
      id: nina.id,
      name: "Nina New",
      email: "nina.new@example.com",
      url: `/home/students/${nina.id}`,
    });
    expect(nina.role).toBe("student");
    expect((await accessOf(nina.id, courseId))?.source).toBe("admin");
    const tags = await server.handle.db.selectFrom("student_tags").selectAll().where("user_id", "=", nina.id).execute();
    expect(tags.map((row) => row.tag_id)).toEqual([cohort.body.tag.id]);

    const [mail] = await resetMailsTo(server, "nina.new@example.com");
    expect(mail).toMatchObject({ kind: "invitation" });
    const token = resetTokenIn(mail!);
    const visitorClient = await visitor(server, `/reset-password?token=${token}`);
    const set = await visitorClient.post("/reset-password", {
      token,
      password: "nina-secret",
      password_confirmation: "nina-secret",
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    await logInAs(server, "nina.new@example.com", "nina-secret");

    // The sent mail is worded as an invitation (the worker renders it).
    const kept = await waitFor(() =>
      server.handle.db
        .selectFrom("mails")
        .selectAll()
        .where("to_address", "=", "nina.new@example.com")
        .executeTakeFirst(),
    );
    expect(kept.subject).toBe("You are invited to Test Academy");
  });

  it("gives a known student the course instead of a second account, and refuses what they already have", async () => {
    const known = await newStudent(server, "Kim Known");
    const response = await admin.post("/student", { name: "Someone Else", email: known.email, course_id: courseId });
    expect(response.status).toBe(200);
    expect(response.body.outcome).toBe("existing");
    expect(response.body.student.id).toBe(known.id);
    expect((await userByEmail(known.email))!.name).toBe("Kim Known");
    expect(await accessOf(known.id, courseId)).toBeDefined();
    expect(await resetMailsTo(server, known.email)).toEqual([]);

    const again = await admin.post("/student", { name: "Kim Known", email: known.email, course_id: courseId });
    expect(again.status).toBe(422);
    expect(again.body.errors.course_id).toEqual(["This student already has access to this product"]);
  });

  it("answers 422 with field errors for bad input, an unknown course or an admin's address", async () => {
    const bad = await admin.post("/student", { name: "", email: "not-an-email" });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["email", "name"]);
    const course = await admin.post("/student", { name: "A", email: "a1@example.com", course_id: 999999 });
    expect(course.status).toBe(422);
    expect(course.body.errors.course_id).toEqual(["There is no such course."]);
    expect(await userByEmail("a1@example.com")).toBeUndefined();
    const owner = await server.handle.db
      .selectFrom("users")
      .select("email")
      .where("role", "=", "admin")
      .executeTakeFirstOrThrow();
    const adminMail = await admin.post("/student", { name: "Boss", email: owner.email });
    expect(adminMail.status).toBe(422);
    expect(adminMail.body.errors.email).toEqual(["This address belongs to an administrator."]);
  });
});

describe("tags by hand", () => {
  it("gives a tag by name (made on first use), takes it away, and shows only public ones to the student", async () => {
    const pia = await newStudent(server, "Pia Public");
    const give = (name: string, isPublic: boolean) =>
      admin.post(`/home/students/${pia.id}/tags`, { name, public: isPublic });
    const cohort = await give("Spring cohort", true);
    expect(cohort.body.tag).toMatchObject({ name: "Spring cohort", public: true });
    const note = await give("Late payer", false);
    expect(note.body.tag.public).toBe(false);
    // Again: the same tag, no second row.
    expect((await give("Spring cohort", false)).body.tag).toEqual(cohort.body.tag);
    const rows = await server.handle.db.selectFrom("student_tags").selectAll().where("user_id", "=", pia.id).execute();
    expect(rows).toHaveLength(2);

    const account = text((await pia.client.page("/my/account")).html);
    expect(account).toContain("Spring cohort");
    expect(account).not.toContain("Late payer");
    const page = text((await admin.page(`/home/students/${pia.id}`)).html);
    expect(page).toContain("Spring cohort");
    expect(page).toContain("Late payer");

    const removed = await admin.json("DELETE", `/home/students/${pia.id}/tags/${note.body.tag.id}`);
    expect(removed.status).toBe(200);
    expect((await admin.json("DELETE", `/home/students/${pia.id}/tags/${note.body.tag.id}`)).status).toBe(404);
    const empty = await give("   ", true);
    expect(empty.status).toBe(422);
    expect(empty.body.errors.name).toBeDefined();
  });
});

describe("the students list", () => {
  it("searches by name or e-mail, filters by course and tag, and sorts", async () => {
    await registerStudent(server, { name: "Ada Lovelace", email: "ada@list.example", password: "secret1" });
    await registerStudent(server, { name: "Bob Builder", email: "bob@list.example", password: "secret1" });
    const adaId = (await userByEmail("ada@list.example"))!.id;
    const bobId = (await userByEmail("bob@list.example"))!.id;
    await admin.post("/student", { name: "Ada Lovelace", email: "ada@list.example", course_id: otherCourseId });
    const tag = await admin.post(`/home/students/${bobId}/tags`, { name: "List VIP" });

    const list = async (query: string) =>
      ((await admin.json("GET", `/home/students?${query}`)).body.students as { id: number }[]).map((s) => s.id);
    expect(await list("q=LOVELACE")).toEqual([adaId]);
    expect(await list("q=bob%40list")).toEqual([bobId]);
    expect(await list(`course_id=${otherCourseId}`)).toEqual([adaId]);
    expect(await list(`tag_id=${tag.body.tag.id}`)).toEqual([bobId]);
    expect(await list(`tag_id=${tag.body.tag.id}&course_id=${otherCourseId}`)).toEqual([]);
    expect(await list("q=list.example&sort=name_asc")).toEqual([adaId, bobId]);
    expect(await list("q=list.example&sort=name_desc")).toEqual([bobId, adaId]);
    // Admins are not students.
    expect(await list("q=owner")).toEqual([]);

    const page = text((await admin.page(`/home/students?tag_id=${tag.body.tag.id}`)).html);
    expect(page).toContain("Bob Builder");
    expect(page).not.toContain("Ada Lovelace");
  });

  it("pages by keyset: every student once, in order, even when many signed up at the same instant", async () => {
    const instant = "2020-01-01T00:00:00.000Z";
    const values = Array.from({ length: 60 }, (_, i) => ({
      email: `same-${String(i).padStart(2, "0")}@paging.example`,
      name: "Same Name",
      password_hash: "x",
      role: "student" as const,
      email_notifications: "{}",
      created_at: instant,
      updated_at: instant,
    }));
    await server.handle.db.insertInto("users").values(values).execute();
    const expected = (
      await server.handle.db.selectFrom("users").select("id").where("email", "like", "%@paging.example").execute()
    )
      .map((row) => row.id)
      .sort((a, b) => a - b);

    for (const sort of ["joined_asc", "name_desc"] as const) {
      const seen: number[] = [];
      let after: string | null = null;
      let pages = 0;
      do {
        const query: URLSearchParams = new URLSearchParams({ q: "@paging.example", sort, ...(after ? { after } : {}) });
        const answer: { body: { students: { id: number }[]; next: string | null } } = await admin.json(
          "GET",
          `/home/students?${query}`,
        );
        seen.push(...(answer.body.students as { id: number }[]).map((s) => s.id));
        after = answer.body.next;
        pages += 1;
        // A student who signs up meanwhile (now, after all of these) neither repeats nor skips a row.
        if (pages === 1)
          await registerStudent(server, {
            name: "Same Name",
            email: `late-${sort}@paging.example`,
            password: "secret1",
          });
      } while (after);
      expect(pages).toBe(3);
      const late = await server.handle.db.selectFrom("users").select("id").where("email", "like", "late-%").execute();
      const ids = seen.filter((id) => !late.some((row) => row.id === id));
      expect(ids).toEqual(sort === "joined_asc" ? expected : [...expected].reverse());
      expect(new Set(seen).size).toBe(seen.length);
    }
  });

  it("starts from the first page for a cursor that does not parse or belongs to another sort", async () => {
    const first = await admin.json("GET", "/home/students?sort=name_asc");
    const other = await admin.json("GET", `/home/students?sort=joined_desc&after=${first.body.next}`);
    const fresh = await admin.json("GET", "/home/students?sort=joined_desc");
    expect(other.body.students).toEqual(fresh.body.students);
    expect((await admin.json("GET", "/home/students?after=%%%garbage")).status).toBe(200);
  });
});

describe("the bulk import", () => {
  it("refuses 51 lines with the spec's rule and keeps nothing", async () => {
    const lines = Array.from({ length: 51 }, (_, i) => `bulk${i}@example.com`).join("\n");
    const response = await admin.post("/home/students/import", { lines });
    expect(response.status).toBe(422);
    expect(response.body.errors.lines).toEqual(["At most 50 e-mail addresses, one per line"]);
    expect(await server.handle.db.selectFrom("student_imports").selectAll().execute()).toEqual([]);
  });

  it("runs as a job with a line-by-line report, then allows one import a minute (in both languages)", async () => {
    const existing = await newStudent(server, "Eve Existing");
    const tag = await admin.post(`/home/students/${existing.id}/tags`, { name: "Imported 2026", public: false });
    await admin.json("DELETE", `/home/students/${existing.id}/tags/${tag.body.tag.id}`);
    const lines = [
      "ivy@import.example, Ivy Import",
      "not an e-mail",
      "",
      existing.email,
      "IVY@import.example",
      "jon@import.example",
    ].join("\n");
    const started = await admin.post("/home/students/import", {
      lines,
      course_id: courseId,
      tag_ids: [tag.body.tag.id],
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const done = await waitFor(async () => {
      const progress = await admin.json("GET", `/home/students/imports/${started.body.id}`);
      return progress.body.status === "done" ? progress.body : null;
    });
    expect(done.total).toBe(5);
    expect(done.processed).toBe(5);
    expect(done.report).toEqual([
      { line: 1, email: "ivy@import.example", name: "Ivy Import", outcome: "created" },
      { line: 2, email: "not an e-mail", name: null, outcome: "invalid" },
      { line: 4, email: existing.email, name: null, outcome: "existing" },
      { line: 5, email: "ivy@import.example", name: null, outcome: "duplicate" },
      { line: 6, email: "jon@import.example", name: null, outcome: "created" },
    ]);
    const ivy = (await userByEmail("ivy@import.example"))!;
    expect(ivy.name).toBe("Ivy Import");
    expect((await userByEmail("jon@import.example"))!.name).toBe("jon");
    for (const id of [ivy.id, existing.id]) {
      expect(await accessOf(id, courseId)).toBeDefined();
      const tags = await server.handle.db.selectFrom("student_tags").selectAll().where("user_id", "=", id).execute();
      expect(tags.map((row) => [row.tag_id, row.source])).toEqual([[tag.body.tag.id, "import"]]);
    }
    expect(await resetMailsTo(server, "ivy@import.example")).toHaveLength(1);
    expect(await resetMailsTo(server, existing.email)).toHaveLength(0);

    const page = text((await admin.page(`/home/students/import?import=${started.body.id}`)).html);
    expect(page).toContain("Repeats an earlier line");
    expect(page).toContain("Not a valid line");

    const again = await admin.post("/home/students/import", { lines: "late@import.example" });
    expect(again.status).toBe(429);
    expect(again.body.message).toBe("You can only use this feature once per minute");
    expect(Number(again.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await userByEmail("late@import.example")).toBeUndefined();

    await changeSettings(admin, englishSchool, { language: "pl" });
    try {
      const polish = await admin.post("/home/students/import", { lines: "late@import.example" });
      expect(polish.status).toBe(429);
      expect(polish.body.message).toBe("Możesz użyć tej funkcji tylko raz na minutę");
      const tooMany = await admin.post("/home/students/import", {
        lines: Array.from({ length: 51 }, (_, i) => `pl${i}@example.com`).join("\n"),
      });
      expect(tooMany.body.errors.lines).toEqual(["Najwyżej 50 adresów e-mail, po jednym w wierszu"]);
    } finally {
      await changeSettings(admin, { ...englishSchool, language: "pl" }, { language: "en" });
    }
  });

  it("answers 404 for an unknown import", async () => {
    expect((await admin.json("GET", "/home/students/imports/999999")).status).toBe(404);
  });
});
