// Tag rules (issue 18, item 3): a tag given automatically on buying a product, completing a course or leaving a
// lead on a form (the lead's e-mail already a student's), in the transaction of that change; once per student
// and tag however often the trigger repeats; a removed rule stops tagging; admins only (a student gets 403). The
// student (and the order's buyer) in outgoing webhook payloads carries the names of all their tags.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserClient } from "../helpers/browser-client.ts";
import { arrangeDiscussionCourse, grantAccess, newStudent } from "../helpers/discussion-fixtures.ts";
import { setUpSchool } from "../helpers/school.ts";
import { startTestServer, type TestServer, waitFor } from "../helpers/test-server.ts";
import { startWebhookReceiver, type WebhookReceiver } from "../helpers/webhook-receiver.ts";
import { addCourse } from "./catalog-helpers.ts";
import { checkoutCourse, courseProductId } from "./selling-helpers.ts";

let server: TestServer;
let receiver: WebhookReceiver;
let admin: BrowserClient;
const db = () => server.handle.db;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  server = await startTestServer({ WEBHOOKS_ALLOW_LOOPBACK: "1" });
  admin = await setUpSchool(server, { language: "en" });
  const events = ["order.paid", "course.completed", "student.created"];
  const hook = await admin.post("/home/webhooks", { url: receiver.url, events });
  expect(hook.status, JSON.stringify(hook.body)).toBe(200);
});
afterAll(async () => {
  await server?.stop();
  await receiver?.close();
});

/** A tag made by giving it (by hand) to a throwaway student; answers its id. */
async function makeTag(name: string, isPublic = false): Promise<number> {
  const holder = await newStudent(server, "Tag Holder");
  const response = await admin.post(`/home/students/${holder.id}/tags`, { name, public: isPublic });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.tag.id;
}

async function addRule(tagId: number, trigger: string, targetId: number): Promise<number> {
  const response = await admin.post(`/home/students/tags/${tagId}/rules`, { trigger, target_id: targetId });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.rule.id;
}

async function tagRows(userId: number, tagId: number) {
  return db()
    .selectFrom("student_tags")
    .selectAll()
    .where("user_id", "=", userId)
    .where("tag_id", "=", tagId)
    .execute();
}

function eventsOf(type: string) {
  return receiver.received.map((r) => JSON.parse(r.body)).filter((body) => body.type === type);
}

describe("tag rules: who may manage them", () => {
  it("refuses students (403) on every rules call and changes nothing", async () => {
    const tagId = await makeTag("Guarded");
    const course = await addCourse(server, { slug: "rules-guarded", title: "Guarded", price_cents: 0 });
    const ruleId = await addRule(tagId, "completion", course);
    const student = await newStudent(server, "Nosy Student");
    const calls: [string, string, unknown][] = [
      ["GET", "/home/students/tags/rules", undefined],
      ["POST", `/home/students/tags/${tagId}/rules`, { trigger: "completion", target_id: course }],
      ["DELETE", `/home/students/tags/${tagId}/rules/${ruleId}`, undefined],
      ["POST", `/home/students/tags/${tagId}/rules/${ruleId}/delete`, {}],
    ];
    for (const [method, path, body] of calls) {
      expect((await student.client.json(method, path, body)).status, `${method} ${path}`).toBe(403);
    }
    const rules = await db().selectFrom("tag_rules").selectAll().where("tag_id", "=", tagId).execute();
    expect(rules.map((rule) => rule.id)).toEqual([ruleId]);
  });

  it("lists the rules with their targets, refuses a missing target (422 on target_id) and an unknown tag (404)", async () => {
    const tagId = await makeTag("Listed");
    const course = await addCourse(server, { slug: "rules-listed", title: "Listed Course", price_cents: 0 });
    const ruleId = await addRule(tagId, "completion", course);
    expect(await addRule(tagId, "completion", course)).toBe(ruleId); // the same rule twice is one rule
    const list = await admin.json("GET", "/home/students/tags/rules");
    expect(list.status).toBe(200);
    expect(list.body.rules).toContainEqual({
      id: ruleId,
      tag_id: tagId,
      trigger: "completion",
      target_id: course,
      target: "Listed Course",
    });
    const missing = await admin.post(`/home/students/tags/${tagId}/rules`, { trigger: "purchase", target_id: 999999 });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.fields ?? missing.body.errors ?? {})).toContain("target_id");
    const badTrigger = await admin.post(`/home/students/tags/${tagId}/rules`, { trigger: "birthday", target_id: 1 });
    expect(badTrigger.status).toBe(422);
    expect(
      (await admin.post("/home/students/tags/999999/rules", { trigger: "completion", target_id: course })).status,
    ).toBe(404);
  });
});

describe("the automatic tags panel", () => {
  it("shows each tag's rules on /home/students and adds one from the plain form's single select", async () => {
    const tagId = await makeTag("Panel Tag");
    const course = await addCourse(server, { slug: "rules-panel", title: "Panel Course", price_cents: 0 });
    const plain = await admin.post(`/home/students/tags/${tagId}/rules`, { target: `completion:${course}` });
    expect(plain.status, JSON.stringify(plain.body)).toBe(200);
    expect(plain.body.rule).toMatchObject({ tag_id: tagId, trigger: "completion", target_id: course });
    const page = await admin.page("/home/students");
    expect(page.status).toBe(200);
    expect(page.html).toContain("Automatic tags");
    expect(page.html).toContain(`completion:${course}`);
    expect(page.html).toContain(`/home/students/tags/${tagId}/rules/${plain.body.rule.id}/delete`);
  });
});

describe("tag rules at work", () => {
  it("tags a buyer once on purchase, carries the tag in order.paid, and stops when the rule is removed", async () => {
    const tagId = await makeTag("Buyers");
    const first = await addCourse(server, { slug: "rules-buy-1", title: "Buy One", price_cents: 0 });
    const second = await addCourse(server, { slug: "rules-buy-2", title: "Buy Two", price_cents: 0 });
    const third = await addCourse(server, { slug: "rules-buy-3", title: "Buy Three", price_cents: 0 });
    await addRule(tagId, "purchase", await courseProductId(server, first));
    await addRule(tagId, "purchase", await courseProductId(server, second));
    const ruleThree = await addRule(tagId, "purchase", await courseProductId(server, third));

    const bea = await newStudent(server, "Bea Buyer");
    const bought = await checkoutCourse(bea.client, "rules-buy-1");
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    expect(await tagRows(bea.id, tagId)).toHaveLength(1);
    expect((await tagRows(bea.id, tagId))[0]!.source).toBe("rule");
    expect((await checkoutCourse(bea.client, "rules-buy-2")).status).toBe(200);
    expect(await tagRows(bea.id, tagId)).toHaveLength(1); // a second firing gives nothing more

    // Deliveries may arrive in any order: find the first purchase's event by its product.
    const paidFor = (title: string) =>
      eventsOf("order.paid").find((e) => e.data.buyer.user_id === bea.id && e.data.product.title === title);
    await waitFor(() => paidFor("Buy One") !== undefined);
    const paid = paidFor("Buy One")!;
    expect(paid.data.buyer.tags).toEqual(["Buyers"]);
    expect(paid.data.buyer.email).toBe(bea.email); // the existing fields stay

    const del = await admin.json("DELETE", `/home/students/tags/${tagId}/rules/${ruleThree}`);
    expect(del.status).toBe(200);
    const cid = await newStudent(server, "Cid Customer");
    expect((await checkoutCourse(cid.client, "rules-buy-3")).status).toBe(200);
    expect(await tagRows(cid.id, tagId)).toHaveLength(0);
    expect((await admin.json("DELETE", `/home/students/tags/${tagId}/rules/${ruleThree}`)).status).toBe(404);
  });

  it("tags a student once on completing a course, the tag in course.completed; a removed rule stops", async () => {
    const tagId = await makeTag("Graduates", true);
    const course = await arrangeDiscussionCourse(db(), { lectures: { only: { access: "paid" } } });
    const ruleId = await addRule(tagId, "completion", course.id);
    const dana = await newStudent(server, "Dana Done");
    await grantAccess(db(), dana.id, course.id);
    const complete = () => dana.client.post(`/lecture/${course.lectures.only}/complete`, {});
    expect((await complete()).body.completed).toBe(true);
    expect(await tagRows(dana.id, tagId)).toHaveLength(1);
    expect((await complete()).body.completed).toBe(false);
    expect((await complete()).body.completed).toBe(true); // completed a second time
    expect(await tagRows(dana.id, tagId)).toHaveLength(1);

    await waitFor(() => eventsOf("course.completed").some((e) => e.data.student.id === dana.id));
    const done = eventsOf("course.completed").find((e) => e.data.student.id === dana.id)!;
    expect(done.data).toMatchObject({ student: { id: dana.id, tags: ["Graduates"] }, course: { id: course.id } });

    expect((await admin.post(`/home/students/tags/${tagId}/rules/${ruleId}/delete`, {})).status).toBe(200);
    const eli = await newStudent(server, "Eli Later");
    await grantAccess(db(), eli.id, course.id);
    expect((await eli.client.post(`/lecture/${course.lectures.only}/complete`, {})).body.completed).toBe(true);
    expect(await tagRows(eli.id, tagId)).toHaveLength(0);
  });

  it("tags the student whose e-mail left a lead on the form, once; a visitor's lead tags nobody", async () => {
    const tagId = await makeTag("Webinar");
    const form = await admin.post("/home/leads/forms", {
      name: "Webinar sign-up",
      fields: [{ label: "E-mail", name: "email", type: "email", required: true }],
      hidden_fields: [],
      consent_text: "",
      tags: "",
    });
    expect(form.status, JSON.stringify(form.body)).toBe(200);
    const formId: number = form.body.form.id;
    const ruleId = await addRule(tagId, "lead", formId);
    const fay = await newStudent(server, "Fay Fan");
    const send = (email: string) => fay.client.post("/lead", { form_id: formId, email: email.toUpperCase() });
    expect((await send(fay.email)).status).toBe(200);
    expect(await tagRows(fay.id, tagId)).toHaveLength(1);
    expect((await send(fay.email)).status).toBe(200);
    expect(await tagRows(fay.id, tagId)).toHaveLength(1);
    expect((await send("nobody-yet@example.com")).status).toBe(200);
    const tagged = await db().selectFrom("student_tags").select("user_id").where("tag_id", "=", tagId).execute();
    expect(tagged.map((row) => row.user_id).sort()).toEqual(
      (
        await db()
          .selectFrom("student_tags")
          .select("user_id")
          .where("tag_id", "=", tagId)
          .where("source", "=", "admin")
          .execute()
      )
        .map((row) => row.user_id)
        .concat(fay.id)
        .sort(),
    );

    expect((await admin.json("DELETE", `/home/students/tags/${tagId}/rules/${ruleId}`)).status).toBe(200);
    const gus = await newStudent(server, "Gus Guest");
    expect((await fay.client.post("/lead", { form_id: formId, email: gus.email })).status).toBe(200);
    expect(await tagRows(gus.id, tagId)).toHaveLength(0);
  });

  it("with double opt-in, tags the lead's student when the e-mail's link confirms it, not before", async () => {
    const tagId = await makeTag("Confirmed Lead");
    const form = await admin.post("/home/leads/forms", {
      name: "Double sign-up",
      fields: [{ label: "E-mail", name: "email", type: "email", required: true }],
      hidden_fields: [],
      consent_text: "",
      tags: "",
      double_opt_in: true,
    });
    expect(form.status, JSON.stringify(form.body)).toBe(200);
    await addRule(tagId, "lead", form.body.form.id);
    const ida = await newStudent(server, "Ida Optin");
    const sent = await ida.client.post("/lead", { form_id: form.body.form.id, email: ida.email });
    expect(sent.body.status).toBe("unconfirmed");
    expect(await tagRows(ida.id, tagId)).toHaveLength(0);
    const mail = await waitFor(() =>
      db()
        .selectFrom("mails")
        .selectAll()
        .where("to_address", "=", ida.email)
        .where("text_body", "like", "%/leads/confirm/%")
        .executeTakeFirst(),
    );
    const link = /\/leads\/confirm\/[A-Za-z0-9_-]{43}/.exec(mail.text_body)![0];
    expect((await ida.client.post(link, {})).status).toBe(200);
    expect(await tagRows(ida.id, tagId)).toHaveLength(1);
    expect((await ida.client.post(link, {})).status).toBe(200); // a second click
    expect(await tagRows(ida.id, tagId)).toHaveLength(1);
  });

  it("student.created carries the new student's tags (none yet)", async () => {
    const hana = await newStudent(server, "Hana New");
    await waitFor(() => eventsOf("student.created").some((e) => e.data.student.id === hana.id));
    const created = eventsOf("student.created").find((e) => e.data.student.id === hana.id)!;
    expect(created.data.student).toMatchObject({ id: hana.id, email: hana.email, name: "Hana New", tags: [] });
  });
});
