// Certificates over HTTP (issue 17, item 3), on both databases: a student's last completion queues the issue job
// under one key, so two completions racing issue exactly one certificate (and one e-mail); the verification page
// says valid, revoked or expired (the server's clock cannot be moved from here, so the certificate's times are
// moved instead; certificate-status.test.ts moves the clock); the PDF carries the student's Polish name, the
// course and the school (text extracted with unpdf); the admin's template, revoke and reissue, with their rights.
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueCertificate } from "#core/certificates/issue-certificate.ts";
import { noExamRequirement } from "#core/certificates/course-completion.ts";
import { BrowserClient } from "../helpers/browser-client.ts";
import { arrangeDiscussionCourse, grantAccess, newStudent } from "../helpers/discussion-fixtures.ts";
import { setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer, waitFor } from "../helpers/test-server.ts";

let server: TestServer;
let admin: BrowserClient;
const db = () => server.handle.db;

beforeAll(async () => {
  server = await startTestServer();
  admin = await setUpSchool(server, { language: "en" });
});
afterAll(() => server?.stop());

async function courseWithTemplate(body: Record<string, unknown> = {}) {
  const course = await arrangeDiscussionCourse(db(), {
    lectures: { one: { access: "paid" }, two: { access: "paid" }, three: { access: "paid" } },
  });
  const saved = await admin.post(`/home/courses/${course.id}/certificate-template`, { enabled: true, ...body });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return course;
}

async function complete(client: BrowserClient, lectureId: number) {
  const response = await client.post(`/lecture/${lectureId}/complete`, {});
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as { completed: boolean; progress: number };
}

function certificatesOf(userId: number, courseId: number) {
  return db()
    .selectFrom("certificates")
    .selectAll()
    .where("user_id", "=", userId)
    .where("course_id", "=", courseId)
    .orderBy("id")
    .execute();
}

async function issuedFor(userId: number, courseId: number) {
  return waitFor(async () => (await certificatesOf(userId, courseId))[0]);
}

async function jobsDone(key: string) {
  return waitFor(async () => {
    const rows = await db().selectFrom("jobs").select(["status"]).where("unique_key", "=", key).execute();
    return rows.length > 0 && rows.every((row) => row.status === "done") ? rows : undefined;
  });
}

describe("issuing", () => {
  it("issues exactly one certificate when the last two completions race", async () => {
    const course = await courseWithTemplate();
    const student = await newStudent(server, "Rafał Racer");
    await grantAccess(db(), student.id, course.id);
    await complete(student.client, course.lectures.one);
    // Not complete yet: nothing queued.
    expect(
      await db()
        .selectFrom("jobs")
        .select("id")
        .where("type", "=", "certificates.issue")
        .where("unique_key", "=", `certificate:${student.id}:${course.id}`)
        .execute(),
    ).toEqual([]);
    const both = await Promise.all([
      complete(student.client, course.lectures.two),
      complete(student.client, course.lectures.three),
    ]);
    expect(both.map((answer) => answer.completed)).toEqual([true, true]);
    const jobs = await jobsDone(`certificate:${student.id}:${course.id}`);
    expect(jobs).toHaveLength(1);
    const certificate = await issuedFor(student.id, course.id);
    expect(certificate.student_name).toBe("Rafał Racer");
    expect(certificate.public_id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(certificate.expires_at).toBeNull();
    // The job's own guard: more issues at once (a repeated delivery) write nothing more.
    const deps = { examRequirement: noExamRequirement, appUrl: undefined };
    const again = await Promise.all(
      [1, 2, 3].map(() => issueCertificate(db(), deps, { userId: student.id, courseId: course.id })),
    );
    expect(again).toEqual(["already_issued", "already_issued", "already_issued"]);
    // Un-completing and completing again does not issue another.
    await complete(student.client, course.lectures.three);
    await complete(student.client, course.lectures.three);
    expect(await certificatesOf(student.id, course.id)).toHaveLength(1);
    const mails = await waitFor(async () => {
      const rows = await db().selectFrom("mails").selectAll().where("to_address", "=", student.email).execute();
      return rows.length > 0 ? rows : undefined;
    });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(`Your certificate: Discussion course`);
    expect(mails[0]!.text_body).toContain(`/certificates/${certificate.public_id}`);
  });

  it("is not issued for a course without an enabled template, nor before every lecture is done", async () => {
    const course = await courseWithTemplate({ enabled: false });
    const student = await newStudent(server);
    await grantAccess(db(), student.id, course.id);
    for (const lecture of Object.values(course.lectures)) await complete(student.client, lecture);
    expect(
      await db()
        .selectFrom("jobs")
        .select("id")
        .where("unique_key", "=", `certificate:${student.id}:${course.id}`)
        .execute(),
    ).toEqual([]);
    const deps = { examRequirement: noExamRequirement, appUrl: undefined };
    expect(await issueCertificate(db(), deps, { userId: student.id, courseId: course.id })).toBe("disabled");
    const other = await courseWithTemplate();
    await grantAccess(db(), student.id, other.id);
    await complete(student.client, other.lectures.one);
    expect(await issueCertificate(db(), deps, { userId: student.id, courseId: other.id })).toBe("not_complete");
    // The exam seam: a required exam not passed keeps the course incomplete.
    await complete(student.client, other.lectures.two);
    await complete(student.client, other.lectures.three);
    await jobsDone(`certificate:${student.id}:${other.id}`);
    const third = await courseWithTemplate();
    await grantAccess(db(), student.id, third.id);
    await db().updateTable("certificate_templates").set({ enabled: 0 }).where("course_id", "=", third.id).execute();
    for (const lecture of Object.values(third.lectures)) await complete(student.client, lecture);
    await db().updateTable("certificate_templates").set({ enabled: 1 }).where("course_id", "=", third.id).execute();
    const failedExam = { ...deps, examRequirement: async () => ({ required: true, passed: false }) };
    expect(await issueCertificate(db(), failedExam, { userId: student.id, courseId: third.id })).toBe("not_complete");
    const passedExam = { ...deps, examRequirement: async () => ({ required: true, passed: true }) };
    expect(await issueCertificate(db(), passedExam, { userId: student.id, courseId: third.id })).toBe("issued");
  });
});

describe("verification, PDF, revoke and reissue", () => {
  it("says valid, expired and revoked; the PDF has the Polish name; reissue gives a new id", async () => {
    const course = await courseWithTemplate({ validity_months: 12, signer: "Ewa Świętochowska" });
    const student = await newStudent(server, "Zażółć Gęślą");
    await grantAccess(db(), student.id, course.id);
    for (const lecture of Object.values(course.lectures)) await complete(student.client, lecture);
    const certificate = await issuedFor(student.id, course.id);
    expect(certificate.expires_at! > certificate.issued_at).toBe(true);

    const stranger = new BrowserClient(server.url);
    const valid = await stranger.page(`/certificates/${certificate.public_id}`);
    expect(valid.status).toBe(200);
    expect(valid.html).toContain('data-status="valid"');
    expect(valid.html).toContain("Zażółć Gęślą");
    expect(valid.html).toContain('<meta name="robots" content="noindex"');
    expect((await stranger.page("/certificates/AAAAAAAAAAAAAAAAAAAAAA")).status).toBe(404);
    expect((await stranger.page("/certificates/not-an-id")).status).toBe(404);

    // The PDF: to its student (and admins) only.
    expect((await stranger.raw(`/my/certificates/${certificate.public_id}/pdf`)).status).toBe(401);
    const other = await newStudent(server);
    expect((await other.client.raw(`/my/certificates/${certificate.public_id}/pdf`)).status).toBe(404);
    const response = await student.client.raw(`/my/certificates/${certificate.public_id}/pdf`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toContain("attachment");
    expect(response.headers.get("cache-control")).toContain("no-store");
    const bytes = new Uint8Array(await response.arrayBuffer());
    const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
    expect(text).toContain("Zażółć Gęślą");
    expect(text).toContain(certificate.course_title);
    expect(text).toContain("Ewa Świętochowska");
    expect(text).toContain("Certificate of completion");
    expect((await admin.raw(`/my/certificates/${certificate.public_id}/pdf`)).status).toBe(200);

    // Expired: its expiry moved into the past.
    await db()
      .updateTable("certificates")
      .set({ expires_at: new Date(Date.now() - 60_000).toISOString() })
      .where("id", "=", certificate.id)
      .execute();
    expect((await stranger.page(`/certificates/${certificate.public_id}`)).html).toContain('data-status="expired"');

    // Revoke: admins only, with a reason; then the page says revoked.
    expect(
      (await student.client.post(`/home/certificates/${certificate.id}/revoke`, { reason: "Copied" })).status,
    ).toBe(403);
    const noReason = await admin.post(`/home/certificates/${certificate.id}/revoke`, { reason: "" });
    expect(noReason.status).toBe(422);
    expect(Object.keys(noReason.body.errors)).toEqual(["reason"]);
    expect((await admin.post(`/home/certificates/${certificate.id}/revoke`, { reason: "Copied work" })).status).toBe(
      200,
    );
    expect((await admin.post(`/home/certificates/${certificate.id}/revoke`, { reason: "Again" })).status).toBe(409);
    expect((await stranger.page(`/certificates/${certificate.public_id}`)).html).toContain('data-status="revoked"');
    expect((await admin.post(`/home/certificates/999999/revoke`, { reason: "Nothing" })).status).toBe(404);
  });

  it("reissues with a new id, the old one revoked, and mails the student again", async () => {
    const course = await courseWithTemplate();
    const student = await newStudent(server, "Łucja Nowak");
    await grantAccess(db(), student.id, course.id);
    for (const lecture of Object.values(course.lectures)) await complete(student.client, lecture);
    const first = await issuedFor(student.id, course.id);
    await db().updateTable("users").set({ name: "Łucja Kowalska" }).where("id", "=", student.id).execute();
    expect((await student.client.post(`/home/certificates/${first.id}/reissue`, { reason: "Name" })).status).toBe(403);
    const reissued = await admin.post(`/home/certificates/${first.id}/reissue`, { reason: "Name changed" });
    expect(reissued.status, JSON.stringify(reissued.body)).toBe(200);
    const [old, fresh] = await certificatesOf(student.id, course.id);
    expect(old!.revoked_at).not.toBeNull();
    expect(old!.revoke_reason).toBe("Name changed");
    expect(fresh!.public_id).toBe(reissued.body.public_id);
    expect(fresh!.public_id).not.toBe(first.public_id);
    expect(fresh!.student_name).toBe("Łucja Kowalska");
    expect(fresh!.replaces_id).toBe(first.id);
    expect((await admin.post(`/home/certificates/${first.id}/reissue`, { reason: "Twice" })).status).toBe(409);
    await waitFor(async () => {
      const rows = await db().selectFrom("mails").select("id").where("to_address", "=", student.email).execute();
      return rows.length === 2 ? rows : undefined;
    });
    const list = await student.client.page("/my/certificates");
    expect(list.status).toBe(200);
    expect(list.html).toContain(`/my/certificates/${fresh!.public_id}/pdf`);
    expect(list.html).toContain('data-status="revoked"');
  });
});

describe("the template", () => {
  it("is the admin's, validated", async () => {
    const course = await arrangeDiscussionCourse(db(), { lectures: { one: { access: "free" } } });
    const student = await newStudent(server);
    const path = `/home/courses/${course.id}/certificate-template`;
    expect((await student.client.post(path, { enabled: true })).status).toBe(403);
    const visitor = new BrowserClient(server.url);
    await visitor.page("/");
    expect((await visitor.post(path, { enabled: true })).status).toBe(401);
    const bad = await admin.post(path, {
      enabled: true,
      validity_months: 0,
      background_image: "../secret",
      qr_corner: "middle",
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["background_image", "qr_corner", "validity_months"]);
    // Two fields on one line would print over each other.
    const overlap = await admin.post(path, { enabled: true, name_top: 40, course_top: 42 });
    expect(overlap.status).toBe(422);
    expect(overlap.body.errors).toEqual({ course_top: ["Keep the fields at least 6% apart."] });
    expect((await admin.post("/home/courses/999999/certificate-template", { enabled: true })).status).toBe(404);
    const good = await admin.post(path, { enabled: "on", validity_months: "24", qr_corner: "top-left" });
    expect(good.status).toBe(200);
    const row = await db()
      .selectFrom("certificate_templates")
      .selectAll()
      .where("course_id", "=", course.id)
      .executeTakeFirstOrThrow();
    expect(row.enabled).toBe(1);
    expect(row.validity_months).toBe(24);
    expect(JSON.parse(row.layout)).toMatchObject({ qr_corner: "top-left", name_top: 38 });
  });
});
