// The course access manager over HTTP (spec §2, §3 Invitation, §7, §8, §9): a team purchase (quantity 3, paid
// with the test provider) hands out seats by invitation; the 4th is refused, a repeated e-mail and a person who
// already has the course too; only 'sent' invitations can be deleted; another buyer's purchase and invitations are
// 404s; the invitation link lets the invited e-mail join the course with its access length; and concurrent
// invitations never exceed the seats bought.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { visitor } from "../helpers/accounts.ts";
import type { BrowserClient } from "../helpers/browser-client.ts";
import { registerStudent, setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer } from "../helpers/test-server.ts";
import { buyTeamPurchase, courseAccessOf, invitationLinkFor } from "./access-helpers.ts";
import { addCourse, grantAccessByEmail, text } from "./catalog-helpers.ts";

let server: TestServer;
let admin: BrowserClient;
let bea: BrowserClient;
let otto: BrowserClient;
let courseId: number;
let otherCourseId: number;
let beaPurchase: { id: number };
let ottoPurchase: { id: number };

const invite = (client: BrowserClient, body: Record<string, unknown>, course = courseId) =>
  client.post(`/home/access-manager/${course}`, { course_id: course, parent_transaction_id: beaPurchase.id, ...body });

beforeAll(async () => {
  server = await startTestServer();
  admin = await setUpSchool(server, { language: "en" });
  courseId = await addCourse(server, { slug: "team-course", title: "Team course", price_cents: 9900, currency: "EUR" });
  otherCourseId = await addCourse(server, {
    slug: "other-course",
    title: "Other course",
    price_cents: 5000,
    currency: "EUR",
  });
  await server.handle.db.updateTable("courses").set({ access_days: 30 }).where("id", "=", courseId).execute();
  bea = await registerStudent(server, { name: "Bea Buyer", email: "bea@example.com", password: "student-secret" });
  otto = await registerStudent(server, { name: "Otto Other", email: "otto@example.com", password: "student-secret" });
  await registerStudent(server, { name: "Hal Has", email: "has@example.com", password: "student-secret" });
  await grantAccessByEmail(server, "has@example.com", courseId);
  beaPurchase = await buyTeamPurchase(server, bea, "team-course", 3);
  ottoPurchase = await buyTeamPurchase(server, otto, "team-course", 2);
});

afterAll(async () => {
  await server?.stop();
});

describe("the access manager page", () => {
  it("is linked from the buyer's student area, with the seats bought", async () => {
    const page = text((await bea.page("/my")).html);
    expect(page).toContain("Team purchases");
    expect(page).toContain("Seats bought: 3");
    expect((await bea.page("/my")).html).toContain(`href="/home/access-manager/${courseId}"`);
    expect(text((await otto.page("/my")).html)).toContain("Seats bought: 2");
  });

  it("shows the buyer their seats; another student gets 404 and a visitor is sent to log in", async () => {
    const page = await bea.page(`/home/access-manager/${courseId}`);
    expect(page.status).toBe(200);
    const html = text(page.html);
    expect(html).toContain("Course access manager");
    expect(html).toContain("Team course");
    expect(html).toMatch(/Invitations left<\/dt><dd[^>]*>3</);
    expect(html).toContain('name="parent_transaction_id" value="' + beaPurchase.id + '"');

    const stranger = await registerStudent(server, {
      name: "Sid Stranger",
      email: "sid@example.com",
      password: "student-secret",
    });
    expect((await stranger.page(`/home/access-manager/${courseId}`)).status).toBe(404);
    // Otto's own purchase only: Bea's is not his to see.
    expect((await otto.page(`/home/access-manager/${courseId}?transaction=${beaPurchase.id}`)).status).toBe(404);
    expect((await otto.page(`/home/access-manager/${courseId}`)).status).toBe(200);

    const guest = await visitor(server, "/login");
    const response = await guest.raw(`/home/access-manager/${courseId}`, { headers: { accept: "text/html" } });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(
      `/login?next=${encodeURIComponent(`/home/access-manager/${courseId}`)}`,
    );
  });

  it("lets an admin manage any buyer's purchase", async () => {
    const page = await admin.page(`/home/access-manager/${courseId}?transaction=${beaPurchase.id}`);
    expect(page.status).toBe(200);
    expect(text(page.html)).toContain("Bea Buyer (bea@example.com)");
  });
});

describe("inviting", () => {
  it("needs a logged-in user", async () => {
    const guest = await visitor(server, "/login");
    expect((await invite(guest, { name: "Ann", email: "ann@example.com" })).status).toBe(401);
  });

  it("sends three invitations, refuses a repeated e-mail, someone with access, and the fourth", async () => {
    const ann = await invite(bea, { name: "Ann Able", email: "Ann@Example.com " });
    expect(ann.status, JSON.stringify(ann.body)).toBe(200);
    expect(ann.body).toEqual({
      id: expect.any(Number),
      name: "Ann Able",
      email: "ann@example.com",
      status: "sent",
      created_at: expect.any(String),
      accepted_at: null,
    });
    const mail = await invitationLinkFor(server, "ann@example.com");
    expect(mail.subject).toBe("Bea Buyer invites you to Team course");
    expect(mail.text).toContain("Hello Ann Able");
    // Only the token's hash is stored.
    const stored = await server.handle.db
      .selectFrom("invitations")
      .select("token_hash")
      .where("id", "=", ann.body.id)
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(mail.token);
    expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);

    const again = await invite(bea, { name: "Ann Again", email: "ann@example.com" });
    expect(again.status).toBe(422);
    expect(again.body.errors.email).toEqual(["This e-mail address has already been invited with this purchase."]);

    const has = await invite(bea, { name: "Hal Has", email: "has@example.com" });
    expect(has.status).toBe(422);
    expect(has.body.errors.email).toEqual(["This student already has access to this product"]);

    const invalid = await invite(bea, { name: "", email: "not-an-email" });
    expect(invalid.status).toBe(422);
    expect(Object.keys(invalid.body.errors).sort()).toEqual(["email", "name"]);

    expect((await invite(bea, { name: "Bob Bee", email: "bob@example.com" })).status).toBe(200);
    expect((await invite(bea, { name: "Cy Sea", email: "cy@example.com" })).status).toBe(200);
    const fourth = await invite(bea, { name: "Dan Dee", email: "dan@example.com" });
    expect(fourth.status).toBe(409);
    expect(fourth.body.message).toBe("There are no invitations left in this purchase.");

    const page = text((await bea.page(`/home/access-manager/${courseId}`)).html);
    expect(page).toMatch(/Invitations left<\/dt><dd[^>]*>0</);
    expect(page).toContain("All seats of this purchase are taken.");
    for (const email of ["ann@example.com", "bob@example.com", "cy@example.com"]) expect(page).toContain(email);
    // The status poll counts them too (§3 Transaction child_invitations).
    const poll = await bea.post(
      `/transaction/${(await server.handle.db.selectFrom("transactions").select("hash").where("id", "=", beaPurchase.id).executeTakeFirstOrThrow()).hash}/pending`,
    );
    expect(poll.body.transaction).toMatchObject({ quantity: 3, child_invitations: 3 });
  });

  it("answers the plain form (before hydration) with a redirect back to the page", async () => {
    const response = await otto.raw(`/home/access-manager/${courseId}`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        referer: `${server.url}/home/access-manager/${courseId}`,
      },
      body: new URLSearchParams({
        _csrf: otto.csrfToken,
        course_id: String(courseId),
        parent_transaction_id: String(ottoPurchase.id),
        name: "Form Person",
        email: "form@example.com",
      }).toString(),
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(
      `/home/access-manager/${courseId}?transaction=${ottoPurchase.id}&invited=1`,
    );
    const duplicate = await otto.raw(`/home/access-manager/${courseId}`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        referer: `${server.url}/home/access-manager/${courseId}`,
      },
      body: new URLSearchParams({
        _csrf: otto.csrfToken,
        course_id: String(courseId),
        parent_transaction_id: String(ottoPurchase.id),
        name: "Form Person",
        email: "form@example.com",
      }).toString(),
    });
    expect(duplicate.headers.get("location")).toBe(`/home/access-manager/${courseId}?error=access%3Aalready_invited`);
  });

  it("refuses another buyer's purchase, another course, and an unpaid purchase", async () => {
    const idor = await invite(otto, { name: "Eve", email: "eve@example.com" });
    expect(idor.status).toBe(404);
    const wrongCourse = await invite(bea, { name: "Eve", email: "eve@example.com" }, otherCourseId);
    expect(wrongCourse.status).toBe(404);
    const mismatch = await bea.post(`/home/access-manager/${courseId}`, {
      course_id: otherCourseId,
      parent_transaction_id: beaPurchase.id,
      name: "Eve",
      email: "eve@example.com",
    });
    expect(mismatch.status).toBe(404);
    const unpaid = await buyTeamPurchase(server, bea, "team-course", 2, { pay: false });
    const refused = await bea.post(`/home/access-manager/${courseId}`, {
      course_id: courseId,
      parent_transaction_id: unpaid.id,
      name: "Eve",
      email: "eve@example.com",
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      "This purchase is not paid, or its access was withdrawn: no invitations can be sent.",
    );
  });
});

describe("deleting and accepting", () => {
  async function invitationId(email: string) {
    const row = await server.handle.db
      .selectFrom("invitations")
      .select("id")
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  it("deletes a sent invitation (freeing its seat), and another buyer's is 404", async () => {
    const cy = await invitationId("cy@example.com");
    expect((await otto.json("DELETE", `/home/access-manager/${courseId}/${cy}`)).status).toBe(404);
    expect((await bea.json("DELETE", `/home/access-manager/${otherCourseId}/${cy}`)).status).toBe(404);
    expect((await bea.json("DELETE", `/home/access-manager/${courseId}/999999`)).status).toBe(404);
    const deleted = await bea.json("DELETE", `/home/access-manager/${courseId}/${cy}`);
    expect(deleted.status).toBe(200);
    // The link stops working and the seat is free again.
    const { path } = await invitationLinkFor(server, "cy@example.com");
    expect((await visitor(server, "/login").then((guest) => guest.page(path))).status).toBe(404);
    expect((await invite(bea, { name: "Dee Dee", email: "dee@example.com" })).status).toBe(200);
  });

  it("shows a visitor the course and the inviter with a prefilled registration; an unknown link says so", async () => {
    const { path } = await invitationLinkFor(server, "ann@example.com");
    const guest = await visitor(server, "/login");
    const page = await guest.page(path);
    expect(page.status).toBe(200);
    const html = text(page.html);
    expect(html).toContain("Bea Buyer invites you to the course Team course.");
    expect(html).toContain(
      "The invitation can only be accepted by the account with the e-mail address it was sent to: ann@example.com.",
    );
    expect(html).toMatch(/name="email"[^>]*value="ann@example.com"|value="ann@example.com"[^>]*name="email"/);
    expect(html).toContain(`/login?next=${encodeURIComponent(path)}`);

    const unknown = await guest.page("/invitations/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
    expect(unknown.status).toBe(404);
    expect(text(unknown.html)).toContain("This invitation link is not valid.");
  });

  it("lets the invited e-mail register, accept and watch, with the course's access length; the link then is used", async () => {
    const { path, token } = await invitationLinkFor(server, "ann@example.com");
    const ann = await visitor(server, path);
    const registered = await ann.post("/register", {
      name: "Ann Able",
      email: "ann@example.com",
      password: "ann-secret",
      next: path,
    });
    expect(registered.status).toBe(200);
    expect(registered.body.redirect).toBe(path);

    // Someone else logged in cannot take Ann's seat, nor learn her address: a 404 that names no address.
    const wrong = await otto.post(`/invitations/${token}/accept`);
    expect(wrong.status).toBe(404);
    expect(wrong.body.message).toBe(
      "This invitation was sent to another e-mail address. Log in with the address it was sent to, to accept it.",
    );
    expect(JSON.stringify(wrong.body)).not.toContain("ann@example.com");

    const accepted = await ann.post(`/invitations/${token}/accept`);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body).toMatchObject({
      course: { id: courseId, slug: "team-course" },
      redirect: "/team-course/watch",
    });
    const access = await courseAccessOf(server, "ann@example.com", courseId);
    expect(access?.source).toBe("invitation");
    const days = (Date.parse(access!.ends_at!) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    const row = await server.handle.db
      .selectFrom("invitations")
      .selectAll()
      .where("email", "=", "ann@example.com")
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "accepted", accepted_at: expect.any(String) });

    expect(text((await ann.page(path)).html)).toContain("You have joined the course.");
    const again = await ann.post(`/invitations/${token}/accept`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("This invitation has already been used.");
    const other = await visitor(server, "/login");
    expect(text((await other.page(path)).html)).toContain("This invitation has already been used.");

    // An accepted invitation cannot be deleted.
    const deleted = await bea.json("DELETE", `/home/access-manager/${courseId}/${row.id}`);
    expect(deleted.status).toBe(409);
    expect(deleted.body.message).toBe("This invitation has already been accepted and cannot be deleted.");
    // A logged-out accept is a 401.
    expect((await other.post(`/invitations/${token}/accept`)).status).toBe(401);
  });
});

describe("concurrency", () => {
  it("never hands out more invitations than seats, whatever the number of parallel invitations", async () => {
    const purchase = await buyTeamPurchase(server, bea, "team-course", 3);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        bea.post(`/home/access-manager/${courseId}`, {
          course_id: courseId,
          parent_transaction_id: purchase.id,
          name: `Rush ${i}`,
          email: `rush${i}@example.com`,
        }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(3);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused).toHaveLength(3);
    for (const answer of refused) expect(answer.body.message).toBe("There are no invitations left in this purchase.");
    const { n } = await server.handle.db
      .selectFrom("invitations")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("parent_transaction_id", "=", purchase.id)
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(3);
  });
});
