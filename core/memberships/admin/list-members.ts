// /home/memberships/members: the school's memberships for the admin, newest first, filtered by status and searched
// by the member's name or e-mail, a page at a time (offset over the index on (status, id): a page reads its 25
// rows from the index whatever the number of members), with how many there are.
import { sql } from "kysely";
import type { Db } from "#platform/db/connection.ts";
import type { MembershipStatus, PlanPeriod } from "#platform/db/schema.ts";
import { containsPattern } from "#core/transactions/filtered-transactions.ts";
import { type Actor, authorize } from "../../shared/actor.ts";
import { canManageMembers } from "../policies.ts";
import { MEMBERS_PAGE_SIZE, type MemberFilters } from "./schemas.ts";

export type MemberRow = {
  id: number;
  user_id: number;
  name: string;
  email: string;
  plan_name: string;
  status: MembershipStatus;
  price_cents: number;
  currency: string;
  period_months: PlanPeriod;
  current_period_end: string | null;
  created_at: string;
};

export type MemberList = { members: MemberRow[]; count: number; page: number; pages: number };

function filteredMembers(db: Db, filters: MemberFilters) {
  let query = db
    .selectFrom("memberships as m")
    .innerJoin("users as u", "u.id", "m.user_id")
    .innerJoin("membership_plans as p", "p.id", "m.plan_id");
  if (filters.status) query = query.where("m.status", "=", filters.status);
  if (filters.q) {
    const pattern = containsPattern(filters.q);
    query = query.where((eb) =>
      eb.or(
        (["u.email", "u.name"] as const).map(
          (column) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`,
        ),
      ),
    );
  }
  return query;
}

export async function listMembers(
  db: Db,
  actor: Actor,
  filters: MemberFilters,
  pageSize = MEMBERS_PAGE_SIZE,
): Promise<MemberList> {
  authorize(actor, canManageMembers(actor));
  const counted = await filteredMembers(db, filters)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  const count = Number(counted.n);
  const pages = Math.max(1, Math.ceil(count / pageSize));
  const page = Math.min(filters.page, pages);
  const members = await filteredMembers(db, filters)
    .select([
      "m.id",
      "m.user_id",
      "u.name",
      "u.email",
      "p.name as plan_name",
      "m.status",
      "m.price_cents",
      "m.currency",
      "m.period_months",
      "m.current_period_end",
      "m.created_at",
    ])
    .orderBy("m.id", "desc")
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return { members, count, page, pages };
}
