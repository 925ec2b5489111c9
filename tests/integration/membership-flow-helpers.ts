// What the membership invoice, withdrawal and retention tests arrange through the real HTTP API: a monthly plan
// made by the admin, and a new student who subscribes and pays with the test provider's card.
import { expect } from "vitest";
import type { BrowserClient } from "../helpers/browser-client.ts";
import { newStudent } from "../helpers/discussion-fixtures.ts";
import type { TestServer } from "../helpers/test-server.ts";

/** POST /home/memberships as the admin: a monthly plan opening nothing unless told; its id. */
export async function createMonthlyPlan(
  admin: BrowserClient,
  plan: { name: string; price: string; currency: string; topic_ids?: number[] },
): Promise<number> {
  const created = await admin.post("/home/memberships", {
    description: "",
    vat_rate: 23,
    period_months: 1,
    trial_days: 0,
    signups_open: 1,
    course_ids: [],
    product_ids: [],
    topic_ids: [],
    ...plan,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.membership_plan.id;
}

/** A new student who subscribes to the plan (and pays with the test card that renews, unless the plan is free). */
export async function subscribeNewStudent(server: TestServer, planId: number, name?: string) {
  const student = await newStudent(server, name);
  await student.client.page(`/subscribe/checkout?plan=${planId}`);
  const start = await student.client.post("/subscribe/checkout", { plan: planId, terms: true });
  expect(start.status).toBe(200);
  if (start.body.redirect?.startsWith("/subscribe/test/"))
    expect((await student.client.post(`${start.body.redirect}/pay`, { card: "ok" })).status).toBe(200);
  return { ...student, membershipId: start.body.membership_id as number };
}
