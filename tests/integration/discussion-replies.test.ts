// Replies over HTTP (spec §3, §5, §6, §7): POST /comment/:id/replies lists them, POST /comment/:id/reply adds
// one (admins may send multipart with an image), DELETE /replies/:id; with 401, 419, 422, 403 and 404.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserClient } from "../helpers/browser-client.ts";
import {
  arrangeDiscussionCourse,
  type DiscussionCourse,
  grantAccess,
  newStudent,
  postComment,
  postMultipart,
  postReply,
  solidPng,
} from "../helpers/discussion-fixtures.ts";
import { decodeImage } from "../helpers/media-fixtures.ts";
import { setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";

let server: TestServer;
let admin: BrowserClient;
let course: DiscussionCourse<"free" | "paid">;
let student: Awaited<ReturnType<typeof newStudent>>;

beforeAll(async () => {
  server = await startTestServer();
  admin = await setUpSchool(server, { language: "en" });
  course = await arrangeDiscussionCourse(server.handle.db, {
    lectures: { free: { access: "free" }, paid: { access: "paid" } },
  });
  student = await newStudent(server, "Stefan Student");
});
afterAll(() => server?.stop());

async function visitor() {
  const client = new BrowserClient(server.url);
  await client.page("/login");
  return client;
}

function storedFile(key: string) {
  return path.join(server.database.dataDir, "files", ...key.split("/"));
}

describe("POST /comment/:id/reply and /replies", () => {
  it("adds replies in the §3 shape, counts them, and lists them oldest first", async () => {
    const comment = await postComment(student.client, course.lectures.free, "A question about aperture");
    const response = await admin.post(`/comment/${comment.id}/reply`, { body: "  Use f/8 for landscapes.  " });
    expect(response.status).toBe(200);
    expect(response.body.replies_count).toBe(1);
    expect(response.body.reply).toMatchObject({
      comment_id: comment.id,
      body: "Use f/8 for landscapes.",
      image: null,
      by_admin: 1,
      ownable: { name: "Olga Owner" },
      votes: [],
      up_votes_count: 0,
    });
    await postReply(student.client, comment.id, "Thank you!");

    const list = await student.client.post(`/comment/${comment.id}/replies`);
    expect(list.status).toBe(200);
    expect(list.body.replies.map((r: any) => r.body)).toEqual(["Use f/8 for landscapes.", "Thank you!"]);
    expect(list.body.replies[1]).toMatchObject({ by_admin: 0, ownable: { id: student.id, name: "Stefan Student" } });
    expect(list.body.replies[1].ownable.url).toBeUndefined();
    const asAdmin = await admin.post(`/comment/${comment.id}/replies`);
    expect(asAdmin.body.replies[1].ownable.url).toBe(`/home/students/${student.id}`);
    expect(asAdmin.body.replies[0].ownable.url).toBeUndefined();

    const row = await server.handle.db
      .selectFrom("comments")
      .select("replies_count")
      .where("id", "=", comment.id)
      .executeTakeFirstOrThrow();
    expect(row.replies_count).toBe(2);
    const listed = await student.client.post(`/json/lectures/${course.lectures.free}/comments`);
    expect(listed.body.comments.find((c: any) => c.id === comment.id).replies_count).toBe(2);
  });

  it("answers 422 with the first body error below 2 characters", async () => {
    const comment = await postComment(student.client, course.lectures.free, "Short replies?");
    const response = await student.client.post(`/comment/${comment.id}/reply`, { body: "k" });
    expect(response.status).toBe(422);
    expect(response.body.message).toBe("Minimum characters: 2.");
    expect(response.body.errors.body).toEqual(["Minimum characters: 2."]);
    expect((await student.client.post(`/comment/${comment.id}/reply`, {})).body.errors.body).toEqual([
      "This field is required.",
    ]);
  });

  it("answers 401 to a visitor and 419 without the token, for both calls", async () => {
    const comment = await postComment(student.client, course.lectures.free, "Contract check");
    const guest = await visitor();
    expect((await guest.post(`/comment/${comment.id}/reply`, { body: "Hello" })).status).toBe(401);
    expect((await guest.post(`/comment/${comment.id}/replies`)).status).toBe(401);
    expect((await student.client.post(`/comment/${comment.id}/reply`, { body: "Hello" }, { csrf: false })).status).toBe(
      419,
    );
    expect((await student.client.post(`/comment/${comment.id}/replies`, {}, { csrf: false })).status).toBe(419);
  });

  it("answers 404 for a comment on a lecture the student may not watch, or none at all", async () => {
    const insider = await newStudent(server, "Ida Insider");
    await grantAccess(server.handle.db, insider.id, course.id);
    const hidden = await postComment(insider.client, course.lectures.paid, "Paid-only talk");
    expect((await student.client.post(`/comment/${hidden.id}/reply`, { body: "Let me in" })).status).toBe(404);
    expect((await student.client.post(`/comment/${hidden.id}/replies`)).status).toBe(404);
    expect((await student.client.post(`/comment/999999/replies`)).status).toBe(404);
    expect((await student.client.post(`/comment/nope/reply`, { body: "Hello" })).status).toBe(404);
  });
});

describe("DELETE /replies/:id", () => {
  it("lets a student delete their own reply, and counts it down", async () => {
    const comment = await postComment(student.client, course.lectures.free, "Thread");
    const reply = await postReply(student.client, comment.id, "Oops, wrong thread");
    const response = await student.client.json("DELETE", `/replies/${reply.id}`);
    expect(response.status).toBe(200);
    expect(response.body.replies_count).toBe(0);
    expect(
      await server.handle.db.selectFrom("replies").select("id").where("id", "=", reply.id).executeTakeFirst(),
    ).toBeUndefined();
  });

  it("does not let a student delete an admin's reply, even under their own comment (404: not theirs)", async () => {
    const comment = await postComment(student.client, course.lectures.free, "My question");
    const answer = await postReply(admin, comment.id, "The school's answer");
    expect((await student.client.json("DELETE", `/replies/${answer.id}`)).status).toBe(404);
    expect(
      await server.handle.db.selectFrom("replies").select("id").where("id", "=", answer.id).executeTakeFirst(),
    ).toBeDefined();
  });

  it("answers 404 for another student's reply, whether they can see it or not (SECURITY.md: IDOR)", async () => {
    const other = await newStudent(server, "Olek Other");
    const comment = await postComment(student.client, course.lectures.free, "Open thread");
    const mine = await postReply(student.client, comment.id, "My reply");
    expect((await other.client.json("DELETE", `/replies/${mine.id}`)).status).toBe(404);

    const insider = await newStudent(server, "Ivo Insider");
    await grantAccess(server.handle.db, insider.id, course.id);
    const paidComment = await postComment(insider.client, course.lectures.paid, "Paid thread");
    const paidReply = await postReply(insider.client, paidComment.id, "Paid reply");
    expect((await other.client.json("DELETE", `/replies/${paidReply.id}`)).status).toBe(404);
    expect((await other.client.json("DELETE", `/replies/999999`)).status).toBe(404);
  });

  it("lets an admin delete any reply", async () => {
    const comment = await postComment(student.client, course.lectures.free, "Moderated thread");
    const reply = await postReply(student.client, comment.id, "Something off-topic");
    expect((await admin.json("DELETE", `/replies/${reply.id}`)).status).toBe(200);
    const own = await postReply(admin, comment.id, "The admin's own reply");
    expect((await admin.json("DELETE", `/replies/${own.id}`)).status).toBe(200);
  });

  it("answers 401 to a visitor and 419 without the token", async () => {
    const comment = await postComment(student.client, course.lectures.free, "Keep");
    const reply = await postReply(student.client, comment.id, "Keep me too");
    expect((await (await visitor()).json("DELETE", `/replies/${reply.id}`)).status).toBe(401);
    expect((await student.client.json("DELETE", `/replies/${reply.id}`, undefined, { csrf: false })).status).toBe(419);
  });
});

describe("an admin's reply with an image (multipart)", () => {
  it("stores the image under images/replies/ with a server-made name, and returns it", async () => {
    const comment = await postComment(student.client, course.lectures.free, "What does this look like?");
    const png = solidPng(40, 30);
    const response = await postMultipart(admin, `/comment/${comment.id}/reply`, {
      body: "Like this",
      image: { bytes: png, filename: "../../evil name.php", type: "application/x-php" },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const reply = (response.body as any).reply;
    expect(reply.image).toMatch(/^images\/replies\/[0-9a-f]{32}\.png$/);
    expect(reply.image_url).toBe(`/files/${reply.image}`);
    // Stored re-encoded (media-image-cleaning.test.ts): the same picture, its own bytes.
    const kept = fs.readFileSync(storedFile(reply.image));
    expect(await decodeImage(kept)).toMatchObject({ format: "png", width: 40, height: 30 });
    const upload = await server.handle.db
      .selectFrom("uploads")
      .selectAll()
      .where("storage_key", "=", reply.image)
      .executeTakeFirstOrThrow();
    expect(upload).toMatchObject({ context: "reply", content_type: "image/png", size: kept.length, status: "stored" });

    // Anyone who sees the reply loads the picture from its address, as a PNG.
    const served = await student.client.raw(reply.image_url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await served.arrayBuffer()).equals(kept)).toBe(true);

    // Deleting the reply removes its file.
    expect((await admin.json("DELETE", `/replies/${reply.id}`)).status).toBe(200);
    expect(fs.existsSync(storedFile(reply.image))).toBe(false);
  });

  it("accepts a multipart reply without an image", async () => {
    const comment = await postComment(student.client, course.lectures.free, "Plain multipart");
    const response = await postMultipart(admin, `/comment/${comment.id}/reply`, { body: "Just text" });
    expect(response.status).toBe(200);
    expect((response.body as any).reply.image).toBeNull();
  });

  it("refuses a student's image (403) and stores nothing", async () => {
    const comment = await postComment(student.client, course.lectures.free, "Can I attach?");
    const response = await postMultipart(student.client, `/comment/${comment.id}/reply`, {
      body: "Here is my picture",
      image: { bytes: solidPng(10, 10), filename: "me.png", type: "image/png" },
    });
    expect(response.status).toBe(403);
    const big = await postMultipart(student.client, `/comment/${comment.id}/reply`, {
      body: "A big one",
      image: {
        bytes: Buffer.concat([solidPng(10, 10), Buffer.alloc(6 * 1024 * 1024)]),
        filename: "big.png",
        type: "image/png",
      },
    });
    expect(big.status).toBe(403);
    expect(
      await server.handle.db.selectFrom("replies").select("id").where("comment_id", "=", comment.id).execute(),
    ).toEqual([]);
  });

  it("refuses a file that is not an image (422), whatever its name and type say", async () => {
    const comment = await postComment(student.client, course.lectures.free, "Attachment test");
    const response = await postMultipart(admin, `/comment/${comment.id}/reply`, {
      body: "See attached",
      image: { bytes: Buffer.from("<?php system($_GET['c']); ?>"), filename: "photo.png", type: "image/png" },
    });
    expect(response.status).toBe(422);
    expect((response.body as any).errors.image).toEqual(["The image must be a PNG, JPEG, GIF or WebP file."]);
    expect(
      await server.handle.db.selectFrom("replies").select("id").where("comment_id", "=", comment.id).execute(),
    ).toEqual([]);
    expect(await server.handle.db.selectFrom("uploads").select("id").where("context", "=", "reply").execute()).toEqual(
      [],
    );
  });

  it("refuses an image over 5 MB and huge dimensions (422)", async () => {
    const comment = await postComment(student.client, course.lectures.free, "Big pictures");
    const big = Buffer.concat([solidPng(10, 10), Buffer.alloc(5 * 1024 * 1024 + 1)]);
    const tooBig = await postMultipart(admin, `/comment/${comment.id}/reply`, {
      body: "Huge",
      image: { bytes: big, filename: "big.png", type: "image/png" },
    });
    expect(tooBig.status, JSON.stringify(tooBig.body)).toBe(422);
    expect((tooBig.body as any).errors.image).toEqual(["The file may not be larger than 5120 KB."]);

    const header = solidPng(1, 1);
    header.writeUInt32BE(30000, 16);
    header.writeUInt32BE(30000, 20);
    const wide = await postMultipart(admin, `/comment/${comment.id}/reply`, {
      body: "Wide",
      image: { bytes: header, filename: "wide.png", type: "image/png" },
    });
    expect(wide.status).toBe(422);
    expect((wide.body as any).errors.image).toEqual(["The image may be at most 10000 pixels wide and high."]);
  });

  it("checks the body of a multipart reply too (422), and the token (419)", async () => {
    const comment = await postComment(student.client, course.lectures.free, "Multipart rules");
    const short = await postMultipart(admin, `/comment/${comment.id}/reply`, {
      body: "x",
      image: { bytes: solidPng(5, 5), filename: "a.png", type: "image/png" },
    });
    expect(short.status).toBe(422);
    expect((short.body as any).errors.body).toEqual(["Minimum characters: 2."]);
    const noToken = await postMultipart(admin, `/comment/${comment.id}/reply`, { body: "Hello" }, { csrf: false });
    expect(noToken.status).toBe(419);
    expect(
      fs.existsSync(path.join(server.database.dataDir, "files", "images", "replies"))
        ? fs.readdirSync(path.join(server.database.dataDir, "files", "images", "replies"))
        : [],
    ).toEqual([]);
  });
});
