// The member's walk through a membership (issue 15), shared by the English and Polish specs: subscribe through
// the test provider's page, see the membership on /my/membership, cancel it by keyboard (typing CANCEL), answer
// the survey with its rules, and keep access until the period ends. Each page and dialog is checked with axe.
import type { Page } from "@playwright/test";
import { newStudent } from "#tests/helpers/discussion-fixtures.ts";
import type { TestServer } from "#tests/helpers/test-server.ts";
import { expect, expectAccessible, gotoHydrated, login } from "./fixtures.ts";

export type MembershipTexts = {
  subscribe: RegExp;
  payOk: string;
  heading: string;
  active: string;
  card: string;
  cancel: string;
  cancelDialog: string;
  typeCancel: RegExp;
  typeCancelError: string;
  surveyDialog: string;
  send: string;
  reasonRequired: string;
  other: string;
  tellMore: string;
  tooShort: string;
  canceled: string;
  accessUntil: string;
};

export async function arrangePlan(server: TestServer, name: string, currency: string): Promise<number> {
  const now = new Date().toISOString();
  const plan = await server.handle.db
    .insertInto("membership_plans")
    .values({ name, description: "", price_cents: 4999, currency, period_months: 1, created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return plan.id;
}

export async function walkMembership(page: Page, server: TestServer, planId: number, texts: MembershipTexts) {
  const student = await newStudent(server, "Mira Member");
  await login(page, student.email, "student-secret");

  await gotoHydrated(page, `/subscribe/checkout?plan=${planId}`);
  await expectAccessible(page);
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: texts.subscribe }).click();
  await page.waitForURL(/\/subscribe\/test\//);
  await expectAccessible(page);
  await page.getByRole("button", { name: texts.payOk }).click();
  await page.waitForURL(/\/my\/membership/);
  await expect(page.getByRole("heading", { name: texts.heading, level: 1 })).toBeVisible();
  await expect(page.getByTestId("membership-status")).toHaveText(texts.active);
  await expect(page.getByTestId("membership-card")).toContainText(texts.card);
  await expectAccessible(page);

  // Cancel by keyboard: the dialog takes the focus, CANCEL is typed, Enter confirms.
  const trigger = page.getByTestId("cancel-membership");
  await trigger.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: texts.cancelDialog });
  await expect(dialog).toBeVisible();
  const word = dialog.getByRole("textbox", { name: texts.typeCancel });
  await word.focus();
  await page.keyboard.type("no");
  await page.keyboard.press("Enter");
  await expect(dialog.getByText(texts.typeCancelError, { exact: true })).toBeVisible();
  await expectAccessible(page);
  await word.fill("");
  await page.keyboard.type("CANCEL");
  await page.keyboard.press("Enter");

  const survey = page.getByRole("dialog", { name: texts.surveyDialog });
  await expect(survey).toBeVisible();
  await survey.getByRole("button", { name: texts.send }).click();
  await expect(survey.getByText(texts.reasonRequired, { exact: true })).toBeVisible();
  await survey.getByRole("radio", { name: texts.other }).check();
  const words = survey.getByRole("textbox", { name: texts.tellMore });
  await words.fill("abc");
  await survey.getByRole("button", { name: texts.send }).click();
  await expect(survey.getByText(texts.tooShort, { exact: true })).toBeVisible();
  await expectAccessible(page);
  await words.fill("Moving abroad");
  await survey.getByRole("button", { name: texts.send }).click();
  await expect(survey).toHaveCount(0);

  await expect(page.getByTestId("membership-status")).toHaveText(texts.canceled);
  await expect(page.getByText(texts.accessUntil, { exact: true })).toBeVisible();
  await expectAccessible(page);
  const answer = await server.handle.db
    .selectFrom("membership_cancellations as c")
    .innerJoin("memberships as m", "m.id", "c.membership_id")
    .select(["c.reason", "c.other_reason", "m.status"])
    .where("m.plan_id", "=", planId)
    .orderBy("c.id", "desc")
    .executeTakeFirstOrThrow();
  expect(answer).toEqual({ reason: "other", other_reason: "Moving abroad", status: "canceled" });
}
