// The subscribe buttons of sales pages (issue 15, item 2) over real HTTP (SQLite, or PostgreSQL with
// TEST_DATABASE_URL): a course's and a product's page list the plans that open them and take new members, each
// with a link to its subscribe checkout; a plan closed to sign-ups disappears, even from the visitors' cached page
// (plans move the catalog cache version); a member who already has access is not offered one.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMonths } from "#core/memberships/periods.ts";
import { BrowserClient } from "../helpers/browser-client.ts";
import { arrangeDiscussionCourse, newStudent } from "../helpers/discussion-fixtures.ts";
import { setUpSchool } from "../helpers/school.ts";
import { startTestServer, waitFor, type TestServer } from "../helpers/test-server.ts";
import { arrangeMembership, arrangePlan } from "./memberships-admin-helpers.ts";
import { addProduct } from "./products-helpers.ts";

let server: TestServer;
let course: { id: number; slug: string };
let productId: number;
let coursePlan: number;
let productPlan: number;

beforeAll(async () => {
  server = await startTestServer();
  await setUpSchool(server);
  const db = server.handle.db;
  course = await arrangeDiscussionCourse(db, { lectures: { Paid: { access: "paid" } } });
  productId = (await addProduct(server, { kind: "file", slug: "club-guide", title: "Club guide" })).id;
  coursePlan = await arrangePlan(db, { name: "Course club", price_cents: 2900, currency: "EUR" });
  productPlan = await arrangePlan(db, { name: "Yearly guide club", price_cents: 9900, period_months: 12 });
  const closed = await arrangePlan(db, { name: "Closed club" });
  await db.updateTable("membership_plans").set({ signups_open: 0 }).where("id", "=", closed).execute();
  await db
    .insertInto("membership_plan_courses")
    .values([
      { plan_id: coursePlan, course_id: course.id },
      { plan_id: closed, course_id: course.id },
    ])
    .execute();
  await db.insertInto("membership_plan_products").values({ plan_id: productPlan, product_id: productId }).execute();
});

afterAll(async () => {
  await server?.stop();
});

describe("subscribe buttons on sales pages", () => {
  it("list the open plans that open a course, each linking to its checkout", async () => {
    const visitor = new BrowserClient(server.url);
    const page = await visitor.page(`/${course.slug}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain(`href="/subscribe/checkout?plan=${coursePlan}"`);
    expect(page.html).toContain("Course club");
    expect(page.html).toContain("€29.00 / month");
    expect(page.html).not.toContain("Closed club");
    expect(page.html).not.toContain("Yearly guide club");
  });

  it("list the plans that open a product", async () => {
    const page = await new BrowserClient(server.url).page("/products/club-guide");
    expect(page.status).toBe(200);
    expect(page.html).toContain(`href="/subscribe/checkout?plan=${productPlan}"`);
    expect(page.html).toMatch(/99\.00 \/ year/);
    expect(page.html).not.toContain("Course club");
  });

  it("drop a plan closed to sign-ups, from the cached page too", async () => {
    const visitor = new BrowserClient(server.url);
    await visitor.page(`/${course.slug}`);
    const cached = await visitor.raw(`/${course.slug}`, { headers: { accept: "text/html" } });
    expect(cached.headers.get("x-page-cache")).toBe("hit");
    await server.handle.db
      .updateTable("membership_plans")
      .set({ signups_open: 0 })
      .where("id", "=", coursePlan)
      .execute();
    await waitFor(async () => !(await visitor.page(`/${course.slug}`)).html.includes("Course club"));
    await server.handle.db
      .updateTable("membership_plans")
      .set({ signups_open: 1 })
      .where("id", "=", coursePlan)
      .execute();
  });

  it("offer nothing to a member who already has access", async () => {
    const member = await newStudent(server);
    await arrangeMembership(server.handle.db, {
      userId: member.id,
      planId: coursePlan,
      status: "active",
      current_period_end: addMonths(new Date().toISOString(), 1),
    });
    const page = await member.client.page(`/${course.slug}`);
    expect(page.status).toBe(200);
    expect(page.html).not.toContain("/subscribe/checkout?plan=");
  });
});
