// A lecture's PDFs and downloads over HTTP: .../create-pdf and /create-file give a signed PUT address under
// lectures/<lectureId>/, the PUT checks the bytes (%PDF- for a PDF, 200 MB for both), .../confirm-file makes
// the pdf or file component, and GET /files/lectures/... follows the lecture's gate (free / login / paid).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserClient } from "../helpers/browser-client.ts";
import { pdf } from "../helpers/media-fixtures.ts";
import { setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import {
  arrangeCourse,
  type LecturePath,
  lectureUrl,
  putSigned,
  rawRequest,
  secondAdmin,
  student,
} from "./media-helpers.ts";

let server: TestServer;
let admin: BrowserClient;
let course: Awaited<ReturnType<typeof arrangeCourse>>;

beforeAll(async () => {
  server = await startTestServer();
  admin = await setUpSchool(server);
  course = await arrangeCourse(server);
});
afterAll(() => server?.stop());

async function ticket(path: LecturePath, kind: "pdf" | "file", body: Record<string, unknown>) {
  const response = await admin.post(lectureUrl(path, `create-${kind}`), body);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as { upload: string; download: string };
}

/** Uploads and confirms a file on a lecture; the component the server made. */
async function attach(path: LecturePath, kind: "pdf" | "file", filename: string, bytes: Buffer, contentType: string) {
  const { upload, download } = await ticket(path, kind, { filename, content_type: contentType });
  expect((await putSigned(server, upload, bytes, contentType)).status).toBe(200);
  const confirmed = await admin.post(lectureUrl(path, "confirm-file"), { path: download, filename });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return { download, component: confirmed.body.component };
}

describe("PDF", () => {
  it("uploads under the lecture's folder and makes a pdf component, once", async () => {
    const bytes = pdf();
    const { upload, download } = await ticket(course.paid, "pdf", { filename: "Slides – week 1.pdf" });
    expect(download).toMatch(new RegExp(`^lectures/${course.paid.lectureId}/[0-9a-f]{24}/Slides-week-1\\.pdf$`));
    expect(new URL(upload, "http://x").searchParams.get("content_type")).toBe("application/pdf");
    // Not yet uploaded: nothing to confirm.
    expect(
      (await admin.post(lectureUrl(course.paid, "confirm-file"), { path: download, filename: "Slides – week 1.pdf" }))
        .status,
    ).toBe(409);
    expect((await putSigned(server, upload, bytes, "application/pdf")).status).toBe(200);
    const confirmed = await admin.post(lectureUrl(course.paid, "confirm-file"), {
      path: download,
      filename: "Slides – week 1.pdf",
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.component).toMatchObject({
      lecture_id: course.paid.lectureId,
      kind: "pdf",
      data: {
        storage_key: download,
        filename: "Slides – week 1.pdf",
        size: bytes.length,
        content_type: "application/pdf",
      },
    });
    const again = await admin.post(lectureUrl(course.paid, "confirm-file"), {
      path: download,
      filename: "Slides – week 1.pdf",
    });
    expect(again.body.component.id).toBe(confirmed.body.component.id);
    const count = await server.handle.db
      .selectFrom("lecture_components")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("lecture_id", "=", course.paid.lectureId)
      .where("kind", "=", "pdf")
      .executeTakeFirstOrThrow();
    expect(count.n).toBe(1);
  });

  it("wants a .pdf name and %PDF- bytes", async () => {
    const badName = await admin.post(lectureUrl(course.free, "create-pdf"), { filename: "notes.docx" });
    expect(badName.status).toBe(422);
    expect(badName.body.message).toBe("Bad file extension");
    const { upload, download } = await ticket(course.free, "pdf", { filename: "fake.pdf" });
    const html = await putSigned(
      server,
      upload,
      Buffer.from("<html><script>alert(1)</script></html>"),
      "application/pdf",
    );
    expect(html.status).toBe(422);
    expect(html.body.message).toBe("This file is not a PDF.");
    expect((await admin.raw(`/files/${download}`)).status).toBe(404);
  });

  it("answers 413 to a file announced over 200 MB", async () => {
    const { upload } = await ticket(course.free, "file", { filename: "huge.zip", content_type: "application/zip" });
    const response = await rawRequest(
      server,
      "PUT",
      upload,
      { "content-type": "application/zip", "content-length": String(200 * 1024 * 1024 + 1) },
      Buffer.alloc(10),
    );
    expect(response.status).toBe(413);
  });

  it("follows the HTTP contract: 419, 401, 403, 404 for a path whose parts do not belong together", async () => {
    const url = lectureUrl(course.free, "create-pdf");
    expect((await admin.post(url, { filename: "a.pdf" }, { csrf: false })).status).toBe(419);
    const visitor = new BrowserClient(server.url);
    await visitor.page("/login");
    expect((await visitor.post(url, { filename: "a.pdf" })).status).toBe(401);
    expect((await (await student(server)).post(url, { filename: "a.pdf" })).status).toBe(403);
    expect(
      (
        await admin.post(lectureUrl({ ...course.free, lectureId: course.free.lectureId + 999 }, "create-pdf"), {
          filename: "a.pdf",
        })
      ).status,
    ).toBe(404);
    expect((await admin.post("/home/courses/x/sections/1/lectures/1/create-pdf", { filename: "a.pdf" })).status).toBe(
      404,
    );
  });
});

describe("download files", () => {
  it("takes any file with its content type and makes a file component", async () => {
    const bytes = Buffer.from("PK\u0003\u0004 a zip, more or less");
    const { download, component } = await attach(course.login, "file", "exercises.zip", bytes, "application/zip");
    expect(component).toMatchObject({
      kind: "file",
      data: { storage_key: download, filename: "exercises.zip", size: bytes.length, content_type: "application/zip" },
    });
  });

  it("serves an HTML file only as a sandboxed attachment", async () => {
    const { download } = await attach(
      course.free,
      "file",
      "page.html",
      Buffer.from("<script>alert(1)</script>"),
      "text/html",
    );
    const response = await fetch(`${server.url}/files/${download}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="page\.html"/);
    expect(response.headers.get("content-security-policy")).toContain("sandbox");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("confirms only the uploader's own file of this lecture", async () => {
    const { upload, download } = await ticket(course.free, "file", { filename: "a.txt", content_type: "text/plain" });
    expect((await putSigned(server, upload, Buffer.from("hello"), "text/plain")).status).toBe(200);
    const other = await secondAdmin(server);
    expect(
      (await other.post(lectureUrl(course.free, "confirm-file"), { path: download, filename: "a.txt" })).status,
    ).toBe(404);
    expect(
      (await admin.post(lectureUrl(course.login, "confirm-file"), { path: download, filename: "a.txt" })).status,
    ).toBe(404);
    const { download: image } = (
      await admin.post("/home/images/create", { extension: "png", filename: "x.png", context: "course-cover" })
    ).body;
    expect((await admin.post(lectureUrl(course.free, "confirm-file"), { path: image, filename: "x.png" })).status).toBe(
      404,
    );
    expect(
      (await admin.post(lectureUrl(course.free, "confirm-file"), { path: download, filename: "../a.txt" })).status,
    ).toBe(422);
  });
});

describe("GET /files for lecture files", () => {
  let files: Record<"free" | "login" | "paid", string>;

  beforeAll(async () => {
    const bytes = pdf();
    files = {
      free: (await attach(course.free, "pdf", "free.pdf", bytes, "application/pdf")).download,
      login: (await attach(course.login, "pdf", "login.pdf", bytes, "application/pdf")).download,
      paid: (await attach(course.paid, "pdf", "paid.pdf", bytes, "application/pdf")).download,
    };
  });

  it("follows the lecture's gate: free for all, login for users, paid for students with access", async () => {
    const visitor = new BrowserClient(server.url);
    const without = await student(server);
    const withAccess = await student(server, { accessTo: course.courseId });
    const expectations: [BrowserClient, Record<"free" | "login" | "paid", number>][] = [
      [visitor, { free: 200, login: 404, paid: 404 }],
      [without, { free: 200, login: 200, paid: 404 }],
      [withAccess, { free: 200, login: 200, paid: 200 }],
      [admin, { free: 200, login: 200, paid: 200 }],
    ];
    for (const [client, statuses] of expectations) {
      for (const access of ["free", "login", "paid"] as const) {
        expect((await client.raw(`/files/${files[access]}`)).status, access).toBe(statuses[access]);
      }
    }
  });

  it("shows a PDF inline, framable by the site only, never cached publicly; supports ranges", async () => {
    const withAccess = await student(server, { accessTo: course.courseId });
    const response = await withAccess.raw(`/files/${files.paid}`);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toMatch(/^inline; filename="paid\.pdf"/);
    expect(response.headers.get("cache-control")).toBe("private, no-cache");
    expect(response.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'self'");
    const range = await withAccess.raw(`/files/${files.paid}`, { headers: { range: "bytes=0-4" } });
    expect(range.status).toBe(206);
    expect(await range.text()).toBe("%PDF-");
    // The pages may embed it: the browser's PDF viewer is an object of the same site with a frame inside.
    const csp = (await withAccess.page("/")).headers.get("content-security-policy")!;
    expect(csp).toContain("object-src 'self'");
    expect(csp).toMatch(/frame-src 'self' /);
  });

  it("hides everything of a draft course from students, and an unpublished one from students without access", async () => {
    const draft = await arrangeCourse(server, { status: "draft" });
    const download = (await attach(draft.free, "pdf", "draft.pdf", pdf(), "application/pdf")).download;
    expect((await fetch(`${server.url}/files/${download}`)).status).toBe(404);
    expect((await admin.raw(`/files/${download}`)).status).toBe(200);

    const unpublished = await arrangeCourse(server, { status: "unpublished" });
    const old = (await attach(unpublished.free, "pdf", "old.pdf", pdf(), "application/pdf")).download;
    expect((await fetch(`${server.url}/files/${old}`)).status).toBe(404);
    expect((await (await student(server, { accessTo: unpublished.courseId })).raw(`/files/${old}`)).status).toBe(200);
  });
});
