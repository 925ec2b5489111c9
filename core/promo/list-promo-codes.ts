// /home/promo-codes: every promo code with what the admin needs to see at a glance: the discount, the dates,
// uses against the limit, the product it is limited to (a course by its current title) and its status now.
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import type { PromoCodeKind } from "#platform/db/schema.ts";
import { promoCodeStatus, type PromoCodeStatus } from "./promo-code-status.ts";
import { scopeValue, type PromoScope } from "./schemas.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { canManagePromoCodes } from "./policies.ts";

export const ADMIN_PROMO_CODES_LIMIT = 500;

export type AdminPromoCode = {
  id: number;
  code: string;
  kind: PromoCodeKind;
  /** percent, or cents */
  amount: number;
  starts_at: string | null;
  ends_at: string | null;
  /** -1 unlimited */
  usage_limit: number;
  used_count: number;
  /** "all", "course:{id}" or "product:{id}": the form's value */
  scope: string;
  /** the course's or product's title; null for every product */
  scope_title: string | null;
  status: PromoCodeStatus;
  created_at: string;
};

function query(db: Db) {
  return db
    .selectFrom("promo_codes as pc")
    .leftJoin("products as p", "p.id", "pc.product_id")
    .leftJoin("courses as c", "c.id", "p.course_id")
    .select([
      "pc.id",
      "pc.code",
      "pc.kind",
      "pc.amount",
      "pc.starts_at",
      "pc.ends_at",
      "pc.usage_limit",
      "pc.used_count",
      "pc.product_id",
      "pc.created_at",
      "p.title as product_title",
      "c.id as course_id",
      "c.title as course_title",
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof query>["executeTakeFirstOrThrow"]>>;

function toAdmin(row: Row, now: string): AdminPromoCode {
  let scope: PromoScope = { kind: "all" };
  if (row.course_id !== null) scope = { kind: "course", id: row.course_id };
  else if (row.product_id !== null) scope = { kind: "product", id: row.product_id };
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    amount: row.amount,
    starts_at: row.starts_at,
    ends_at: row.ends_at,
    usage_limit: row.usage_limit,
    used_count: row.used_count,
    scope: scopeValue(scope),
    scope_title: row.course_title ?? row.product_title ?? null,
    status: promoCodeStatus(row, now),
    created_at: row.created_at,
  };
}

export async function listPromoCodes(db: Db, actor: Actor, now = nowIso()): Promise<AdminPromoCode[]> {
  authorize(actor, canManagePromoCodes(actor));
  const rows = await query(db)
    .orderBy("pc.created_at", "desc")
    .orderBy("pc.id", "desc")
    .limit(ADMIN_PROMO_CODES_LIMIT)
    .execute();
  return rows.map((row) => toAdmin(row, now));
}

export async function getPromoCode(db: Db, actor: Actor, id: number, now = nowIso()): Promise<AdminPromoCode | null> {
  authorize(actor, canManagePromoCodes(actor));
  const row = await query(db).where("pc.id", "=", id).executeTakeFirst();
  return row ? toAdmin(row, now) : null;
}
