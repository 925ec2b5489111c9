// Fixtures of the memberships' admin tests: a plan and memberships written straight into the test database, in
// any state and at any time, so lists and figures can be checked against data whose answer is known.
import { randomUUID } from "node:crypto";
import type { Db } from "#platform/db/connection.ts";
import type { MembershipStatus, PlanPeriod } from "#platform/db/schema.ts";

let counter = 0;

export async function arrangePlan(
  db: Db,
  plan: { name?: string; price_cents?: number; period_months?: PlanPeriod; currency?: string } = {},
): Promise<number> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto("membership_plans")
    .values({
      name: plan.name ?? "Club",
      price_cents: plan.price_cents ?? 3000,
      currency: plan.currency ?? "PLN",
      period_months: plan.period_months ?? 1,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function arrangeUser(db: Db, name: string, email?: string): Promise<number> {
  counter += 1;
  const now = new Date().toISOString();
  const row = await db
    .insertInto("users")
    .values({
      name,
      email: email ?? `member-${process.pid}-${counter}@example.com`,
      password_hash: "x",
      role: "student",
      email_notifications: "{}",
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export type ArrangedMembership = {
  userId: number;
  planId: number;
  status: MembershipStatus;
  price_cents?: number;
  currency?: string;
  period_months?: PlanPeriod;
  period_number?: number;
  created_at?: string;
  started_at?: string | null;
  current_period_end?: string | null;
  ended_at?: string | null;
  provider_token?: string | null;
  card?: { brand: string; last4: string; month: number; year: number };
};

export async function arrangeMembership(db: Db, m: ArrangedMembership): Promise<number> {
  const now = new Date().toISOString();
  const started = m.started_at === undefined ? now : m.started_at;
  const row = await db
    .insertInto("memberships")
    .values({
      user_id: m.userId,
      plan_id: m.planId,
      status: m.status,
      price_cents: m.price_cents ?? 3000,
      vat_rate: 23,
      currency: m.currency ?? "PLN",
      period_months: m.period_months ?? 1,
      period_number: m.period_number ?? (m.status === "STARTED" ? 0 : 1),
      started_at: m.status === "STARTED" ? null : started,
      current_period_start: m.status === "STARTED" ? null : started,
      current_period_end: m.current_period_end === undefined ? null : m.current_period_end,
      ended_at: m.ended_at ?? null,
      provider: "test",
      checkout_hash: randomUUID(),
      provider_token: m.provider_token ?? null,
      card_brand: m.card?.brand ?? null,
      card_last4: m.card?.last4 ?? null,
      card_exp_month: m.card?.month ?? null,
      card_exp_year: m.card?.year ?? null,
      created_at: m.created_at ?? started ?? now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}
