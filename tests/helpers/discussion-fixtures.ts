// Arranging the discussion's tests directly in the database (courses and access are built by other pieces):
// a course with one section of lectures, access rows, users, and a multipart reply like the browser sends it.
import { crc32, deflateSync } from "node:zlib";
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import type { CourseStatus, LectureAccess, LectureStatus } from "#platform/db/schema.ts";
import type { BrowserClient, JsonResponse } from "./browser-client.ts";
import { registerStudent } from "./school.ts";
import type { TestServer } from "./test-server.ts";

let counter = 0;

export type DiscussionCourse<K extends string = string> = { id: number; slug: string; lectures: Record<K, number> };

/** A course with one section; lectures by name, e.g. { free: {access: "free"}, draft: {access: "free", status: "draft"} }. */
export async function arrangeDiscussionCourse<K extends string>(
  db: Db,
  options: { status?: CourseStatus; lectures: Record<K, { access: LectureAccess; status?: LectureStatus }> },
): Promise<DiscussionCourse<K>> {
  counter += 1;
  const now = nowIso();
  const slug = `discussion-course-${process.pid}-${counter}`;
  const status = options.status ?? "published";
  const course = await db
    .insertInto("courses")
    .values({
      slug,
      title: `Discussion course ${counter}`,
      description: "A course to talk about",
      status,
      price_cents: 9900,
      currency: "EUR",
      created_at: now,
      updated_at: now,
      published_at: status === "published" ? now : null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const section = await db
    .insertInto("course_sections")
    .values({ course_id: course.id, title: "Section", position: 1 })
    .returning("id")
    .executeTakeFirstOrThrow();
  const lectures = {} as Record<K, number>;
  let position = 0;
  for (const [name, lecture] of Object.entries(options.lectures) as [
    K,
    { access: LectureAccess; status?: LectureStatus },
  ][]) {
    position += 1;
    const row = await db
      .insertInto("lectures")
      .values({
        section_id: section.id,
        title: `Lecture ${name}`,
        duration_minutes: 10,
        access: lecture.access,
        status: lecture.status ?? "published",
        position,
        body: "",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    lectures[name] = row.id;
  }
  return { id: course.id, slug, lectures };
}

export async function userIdOf(db: Db, email: string): Promise<number> {
  return (await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
}

export async function grantAccess(db: Db, userId: number, courseId: number): Promise<void> {
  const now = nowIso();
  await db
    .insertInto("course_access")
    .values({
      user_id: userId,
      course_id: courseId,
      starts_at: now,
      ends_at: null,
      source: "admin",
      granted_by: null,
      reason: "",
      revoked_at: null,
      created_at: now,
    })
    .execute();
}

/** A new student with a unique e-mail; their logged-in client and id. */
export async function newStudent(
  server: TestServer,
  name = "Stefan Student",
): Promise<{ client: BrowserClient; id: number; email: string }> {
  counter += 1;
  const email = `discussion-${process.pid}-${counter}@example.com`;
  const client = await registerStudent(server, { name, email, password: "student-secret" });
  return { client, id: await userIdOf(server.handle.db, email), email };
}

/** POST /comments, expecting success; returns the comment. */
export async function postComment(
  client: BrowserClient,
  lectureId: number,
  body = "A thoughtful comment",
): Promise<any> {
  const response = await client.post("/comments", { type: "lecture", id: lectureId, body, file: 0 });
  if (response.status !== 200) throw new Error(`comment failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.comment;
}

/** POST /comment/:id/reply as JSON, expecting success; returns the reply. */
export async function postReply(client: BrowserClient, commentId: number, body = "A helpful reply"): Promise<any> {
  const response = await client.post(`/comment/${commentId}/reply`, { body });
  if (response.status !== 200) throw new Error(`reply failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.reply;
}

/** A multipart POST like the browser's FormData (cookie, AJAX marker and CSRF header). */
export async function postMultipart(
  client: BrowserClient,
  path: string,
  fields: Record<string, string | { bytes: Buffer; filename: string; type: string }>,
  options: { csrf?: string | false } = {},
): Promise<JsonResponse> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === "string") form.set(name, value);
    else form.set(name, new Blob([new Uint8Array(value.bytes)], { type: value.type }), value.filename);
  }
  const headers: Record<string, string> = { accept: "application/json", "x-requested-with": "XMLHttpRequest" };
  const token = options.csrf === undefined ? client.csrfToken : options.csrf;
  if (token) headers["x-csrf-token"] = token;
  const response = await client.raw(path, { method: "POST", headers, body: form });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: response.status, body, headers: response.headers };
}

/** A real (decodable) PNG of the given size, one colour. */
export function solidPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x40)]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(pixels)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
