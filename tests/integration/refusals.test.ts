// Refusals over HTTP (SECURITY.md "Requests"): what is not yours answers 404 like what does not exist; ids are
// bounded to their int4 columns (422 in a body, 404 in a path, never a database error); answers to a logged-in
// visitor are never cached (Cache-Control: private, no-store) while anonymous pages and static files keep theirs.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserClient } from "../helpers/browser-client.ts";
import {
  arrangeDiscussionCourse,
  type DiscussionCourse,
  grantAccess,
  newStudent,
  postComment,
  postReply,
} from "../helpers/discussion-fixtures.ts";
import { setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer, waitFor } from "../helpers/test-server.ts";
import { invitationLinkFor } from "./access-helpers.ts";
import { addSale } from "../helpers/invoice-fixtures.ts";
import { courseProductId } from "./selling-helpers.ts";

let server: TestServer;
let admin: BrowserClient;
let course: DiscussionCourse<"free" | "paid">;
let ada: Awaited<ReturnType<typeof newStudent>>;
let ben: Awaited<ReturnType<typeof newStudent>>;

beforeAll(async () => {
  server = await startTestServer();
  admin = await setUpSchool(server);
  course = await arrangeDiscussionCourse(server.handle.db, {
    lectures: { free: { access: "free" }, paid: { access: "paid" } },
  });
  ada = await newStudent(server, "Ada Author");
  ben = await newStudent(server, "Ben Bystander");
  await grantAccess(server.handle.db, ada.id, course.id);
});
afterAll(() => server?.stop());

const BEYOND_INT4 = 3_000_000_000;

async function countOf(table: "comments" | "replies" | "reviews", column: "id" | "comment_id", id: number) {
  const rows = await server.handle.db.selectFrom(table).select("id").where(column, "=", id).execute();
  return rows.length;
}

describe("another student's visible comment or reply: 404, as if it did not exist", () => {
  it("refuses to delete it, or to turn it into a review, with 404 and changes nothing", async () => {
    const comment = await postComment(ada.client, course.lectures.free, "Ada's comment, on a free lecture");
    const reply = await postReply(ada.client, comment.id, "Ada's reply");

    const deleteComment = await ben.client.json("DELETE", `/comments/${comment.id}`);
    const deleteReply = await ben.client.json("DELETE", `/replies/${reply.id}`);
    const review = await ben.client.post(`/comments/${comment.id}/review`, { rating: 10 });
    const missing = await ben.client.json("DELETE", `/comments/999999`);
    expect([deleteComment.status, deleteReply.status, review.status]).toEqual([404, 404, 404]);
    // The same answer as for an id that does not exist: nothing tells the two apart.
    expect(deleteComment.body).toEqual(missing.body);
    expect(await countOf("comments", "id", comment.id)).toBe(1);
    expect(await countOf("replies", "id", reply.id)).toBe(1);
    expect(await countOf("reviews", "comment_id", comment.id)).toBe(0);

    // The author still may (and a student's own comment stays a 403 for the admin's power).
    expect((await ada.client.post(`/comments/${comment.id}/review`, { rating: 10 })).status).toBe(403);
    expect((await ada.client.json("DELETE", `/replies/${reply.id}`)).status).toBe(200);
    expect((await ada.client.json("DELETE", `/comments/${comment.id}`)).status).toBe(200);
  });
});

describe("someone else's invitation", () => {
  it("answers 404 with a message that names no address, and gives no seat", async () => {
    const productId = await courseProductId(server, course.id);
    const sale = await addSale(server.handle.db, { userId: ada.id, productId, quantity: 2, currency: "EUR" });
    await server.handle.db
      .updateTable("transactions")
      .set({ access_granted_at: new Date().toISOString() })
      .where("id", "=", sale.id)
      .execute();
    const invited = await ada.client.post(`/home/access-manager/${course.id}`, {
      course_id: course.id,
      parent_transaction_id: sale.id,
      name: "Ivy Invited",
      email: "ivy.invited@example.com",
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    const { token } = await invitationLinkFor(server, "ivy.invited@example.com");

    const answer = await ben.client.post(`/invitations/${token}/accept`);
    expect(answer.status).toBe(404);
    expect(JSON.stringify(answer.body)).not.toContain("ivy.invited@example.com");
    expect(answer.body.message).toBe(
      "This invitation was sent to another e-mail address. Log in with the address it was sent to, to accept it.",
    );
    const row = await server.handle.db
      .selectFrom("invitations")
      .select(["status", "user_id"])
      .where("email", "=", "ivy.invited@example.com")
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "sent", user_id: null });
  });
});

describe("ids beyond int4", () => {
  it("answer 422 with a field error in a body and 404 in a path, never a database error", async () => {
    const reviews = await ben.client.post("/json/reviews", { course_id: BEYOND_INT4 });
    expect(reviews.status, JSON.stringify(reviews.body)).toBe(422);
    expect(Object.keys(reviews.body.errors)).toEqual(["course_id"]);

    const comment = await ben.client.post("/comments", { type: "lecture", id: BEYOND_INT4, body: "Hello there" });
    expect(comment.status).toBe(422);
    expect(Object.keys(comment.body.errors)).toEqual(["id"]);
    const vote = await ben.client.post("/vote", { type: "comment", id: BEYOND_INT4, value: 1 });
    expect(vote.status).toBe(422);
    const promo = await ben.client.post("/json/promo-code", { code: "NONE", product_id: BEYOND_INT4 });
    expect(promo.status).toBe(422);

    const big = String(BEYOND_INT4);
    const inPaths = [
      ben.client.json("DELETE", `/comments/${big}`),
      ben.client.post(`/comment/${big}/replies`),
      ben.client.post(`/lecture/${big}/watch`),
      ben.client.json("GET", `/my/invoices/${big}/pdf`),
      ben.client.json("GET", `/videos/${big}`),
      ben.client.json("GET", `/files/lectures/${big}/notes.pdf`),
      ben.client.post(`/home/access-manager/${big}`, {
        course_id: 1,
        parent_transaction_id: 1,
        name: "X",
        email: "x@example.com",
      }),
      admin.post(`/home/transactions/${big}/grant`, { reason: "test" }),
      admin.post(`/home/reviews/${big}/approve`),
      admin.post(`/home/jobs/${big}/retry`),
      admin.json("PUT", `/home/promo-codes/${big}`, {}),
      admin.json("DELETE", `/home/courses/${big}`),
    ];
    expect((await Promise.all(inPaths)).map((answer) => answer.status)).toEqual(inPaths.map(() => 404));
    // ...and the largest int4 is still an id (one that names nothing here).
    expect((await ben.client.json("DELETE", `/comments/2147483647`)).status).toBe(404);
    expect(server.logs.filter((line) => line.level >= 50)).toEqual([]);
  });
});

describe("Cache-Control", () => {
  it("is private, no-store on every answer to a logged-in visitor: pages, JSON reads, JSON writes, errors", async () => {
    const page = await ben.client.page("/courses");
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    const account = await ben.client.json("GET", "/my/account");
    expect(account.status).toBe(200);
    expect(account.headers.get("cache-control")).toBe("private, no-store");
    const list = await ben.client.post("/json/reviews", { course_id: course.id });
    expect(list.status).toBe(200);
    expect(list.headers.get("cache-control")).toBe("private, no-store");
    const refused = await ben.client.json("DELETE", "/comments/999999");
    expect(refused.status).toBe(404);
    expect(refused.headers.get("cache-control")).toBe("private, no-store");
  });

  it("is private, no-store on the answer that logs in", async () => {
    const client = new BrowserClient(server.url);
    await client.page("/login");
    const login = await client.post("/login", { email: ada.email, password: "student-secret" });
    expect(login.status).toBe(200);
    expect(login.headers.get("cache-control")).toBe("private, no-store");
  });

  it("leaves anonymous cached pages and static files their public caching", async () => {
    const hit = await waitFor(async () => {
      const response = await fetch(`${server.url}/courses`, { headers: { accept: "text/html" } });
      await response.text();
      return response.headers.get("x-page-cache") === "hit" ? response : undefined;
    });
    expect(hit.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    const icon = await ben.client.raw("/favicon.svg");
    await icon.arrayBuffer();
    expect(icon.headers.get("cache-control")).toBe("public, max-age=3600");
  });
});
