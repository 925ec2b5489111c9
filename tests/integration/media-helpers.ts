// Arranging what the media tests need straight in the database (a course with lectures of each access, a
// second admin, a student with access) and speaking the upload protocols the way the browser does.
import http from "node:http";
import { createUser } from "#core/accounts/create-user.ts";
import { grantCourseAccess } from "#core/learning/course-access.ts";
import { nowIso } from "#platform/db/connection.ts";
import type { LectureAccess } from "#platform/db/schema.ts";
import { logInAs } from "../helpers/accounts.ts";
import type { BrowserClient } from "../helpers/browser-client.ts";
import type { TestServer } from "../helpers/test-server.ts";

export type LecturePath = { courseId: number; sectionId: number; lectureId: number };

let counter = 0;

/** A course (published unless told otherwise) with one section and one published lecture per access level. */
export async function arrangeCourse(
  server: TestServer,
  options: { status?: "draft" | "published" | "unpublished" } = {},
): Promise<Record<LectureAccess, LecturePath> & { courseId: number; sectionId: number }> {
  const db = server.handle.db;
  const now = nowIso();
  counter += 1;
  const { id: courseId } = await db
    .insertInto("courses")
    .values({
      slug: `media-course-${counter}-${Date.now().toString(36)}`,
      title: `Media course ${counter}`,
      description: "",
      status: options.status ?? "published",
      price_cents: 10000,
      currency: "EUR",
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const { id: sectionId } = await db
    .insertInto("course_sections")
    .values({ course_id: courseId, title: "Section", position: 0 })
    .returning("id")
    .executeTakeFirstOrThrow();
  const lecture = async (access: LectureAccess, position: number) => {
    const { id } = await db
      .insertInto("lectures")
      .values({
        section_id: sectionId,
        title: `A ${access} lecture`,
        duration_minutes: 5,
        access,
        status: "published",
        position,
        body: "",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { courseId, sectionId, lectureId: id };
  };
  return {
    courseId,
    sectionId,
    free: await lecture("free", 0),
    login: await lecture("login", 1),
    paid: await lecture("paid", 2),
  };
}

export function lectureUrl(path: LecturePath, action: string): string {
  return `/home/courses/${path.courseId}/sections/${path.sectionId}/lectures/${path.lectureId}/${action}`;
}

/** Another administrator of the same school, logged in. */
export async function secondAdmin(server: TestServer): Promise<BrowserClient> {
  counter += 1;
  const email = `admin-${counter}-${Date.now().toString(36)}@example.com`;
  await createUser(server.handle.db, { name: "Ada Second", email, password: "second-admin-secret", role: "admin" });
  return logInAs(server, email, "second-admin-secret");
}

/** A logged-in student, with access to the course when given. */
export async function student(server: TestServer, options: { accessTo?: number } = {}): Promise<BrowserClient> {
  counter += 1;
  const email = `student-${counter}-${Date.now().toString(36)}@example.com`;
  const user = await createUser(server.handle.db, {
    name: "Stefan Student",
    email,
    password: "student-secret",
    role: "student",
  });
  if (options.accessTo) {
    await grantCourseAccess(server.handle.db, {
      userId: user.id,
      courseId: options.accessTo,
      endsAt: null,
      source: "admin",
      grantedBy: null,
    });
  }
  return logInAs(server, email, "student-secret");
}

/** The browser's PUT to a signed address: no cookie, no CSRF header, the file's content type. */
export async function putSigned(server: TestServer, upload: string, body: Buffer | string, contentType: string | null) {
  const headers: Record<string, string> = {};
  if (contentType !== null) headers["content-type"] = contentType;
  const response = await fetch(new URL(upload, server.url), {
    method: "PUT",
    headers,
    body: typeof body === "string" ? body : new Uint8Array(body),
  });
  const text = await response.text();
  let parsed: any = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON
  }
  return { status: response.status, body: parsed, headers: response.headers };
}

/** A signed address with one query parameter changed. */
export function tamper(upload: string, change: (url: URL) => void): string {
  const url = new URL(upload, "http://x");
  change(url);
  return url.pathname + url.search;
}

/** A request sent with its path exactly as written (fetch would resolve '..' segments before sending). */
export function rawRequest(
  server: TestServer,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: Buffer,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: "127.0.0.1", port: server.port, method, path, headers, agent: false },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

/** The fake bucket the S3 media tests use (tests/fakes/s3.ts checks SigV4 with these keys). */
export const testBucket = {
  bucket: "studium-files",
  region: "eu-central-1",
  accessKeyId: "AKIDSTUDIUMTEST",
  secretAccessKey: "fake-s3-secret-for-tests",
};

/** The server's settings for storing files in the fake bucket at `endpoint`. */
export function s3Settings(endpoint: string): Record<string, string> {
  return {
    S3_BUCKET: testBucket.bucket,
    S3_REGION: testBucket.region,
    S3_ENDPOINT: endpoint,
    S3_ACCESS_KEY_ID: testBucket.accessKeyId,
    S3_SECRET_ACCESS_KEY: testBucket.secretAccessKey,
    S3_FORCE_PATH_STYLE: "1",
  };
}
