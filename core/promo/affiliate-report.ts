// What an affiliate code brought (the selling issue, item 3): the sales attributed to it that earned a
// commission (affiliate_commissions, recorded when a transaction succeeds), their revenue and the commission
// total per currency, and the list of those sales, newest first.
import { type Db, sql } from "#platform/db/connection.ts";
import type { AffiliateCode, TransactionStatus } from "#platform/db/schema.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { canManageAffiliates } from "./policies.ts";
import { pathId } from "../shared/path-id.ts";

export const REPORT_TRANSACTIONS_LIMIT = 200;

export type AffiliateTotals = { currency: string; sales: number; revenue_cents: number; commission_cents: number };

export type AdminAffiliateCode = Pick<
  AffiliateCode,
  "id" | "code" | "name" | "email" | "commission_percent" | "cookie_days" | "created_at"
> & { active: boolean; sales: number; totals: AffiliateTotals[] };

export type AttributedSale = {
  id: number;
  created_at: string;
  paid_at: string | null;
  status: TransactionStatus;
  product_title: string;
  buyer_name: string;
  buyer_email: string;
  total_cents: number;
  commission_cents: number;
  currency: string;
};

export type AffiliateReport = { affiliate: AdminAffiliateCode; transactions: AttributedSale[] };

const codeColumns = [
  "id",
  "code",
  "name",
  "email",
  "commission_percent",
  "cookie_days",
  "active",
  "created_at",
] as const;

/**
 * The commission an affiliate keeps on a sale: a refund takes back the same share of it as of the sale (a full
 * refund, all of it), in whole cents (the affiliate keeps the fraction). The SQL in totalsByCode computes the same.
 */
export function commissionAfterRefund(commissionCents: number, totalCents: number, refundCents: number | null): number {
  if (totalCents <= 0 || !refundCents) return commissionCents;
  return commissionCents - Math.floor((commissionCents * Math.min(refundCents, totalCents)) / totalCents);
}

async function totalsByCode(db: Db, codeId?: number): Promise<Map<number, AffiliateTotals[]>> {
  let query = db
    .selectFrom("affiliate_commissions as m")
    .innerJoin("transactions as t", "t.id", "m.transaction_id")
    .select((eb) => [
      "m.affiliate_code_id",
      "m.currency",
      // A refund takes its share of the sale back from the affiliate (refundedShare below says how).
      eb.fn.sum<number>(sql`case when coalesce(t.refund_cents, 0) < t.total_cents then 1 else 0 end`).as("sales"),
      eb.fn.sum<number>(sql`t.total_cents - coalesce(t.refund_cents, 0)`).as("revenue"),
      eb.fn
        .sum<number>(
          sql`m.amount_cents - case when t.total_cents > 0 then (m.amount_cents * coalesce(t.refund_cents, 0)) / t.total_cents else 0 end`,
        )
        .as("commission"),
    ])
    .groupBy(["m.affiliate_code_id", "m.currency"]);
  if (codeId !== undefined) query = query.where("m.affiliate_code_id", "=", codeId);
  const totals = new Map<number, AffiliateTotals[]>();
  for (const row of await query.orderBy("m.currency").execute()) {
    const list = totals.get(row.affiliate_code_id) ?? [];
    list.push({
      currency: row.currency,
      sales: Number(row.sales),
      revenue_cents: Number(row.revenue ?? 0),
      commission_cents: Number(row.commission ?? 0),
    });
    totals.set(row.affiliate_code_id, list);
  }
  return totals;
}

function withTotals(
  code: Pick<AffiliateCode, (typeof codeColumns)[number]>,
  totals: AffiliateTotals[] | undefined,
): AdminAffiliateCode {
  const list = totals ?? [];
  return { ...code, active: code.active === 1, sales: list.reduce((sum, t) => sum + t.sales, 0), totals: list };
}

export async function listAffiliateCodes(db: Db, actor: Actor): Promise<AdminAffiliateCode[]> {
  authorize(actor, canManageAffiliates(actor));
  const [codes, totals] = await Promise.all([
    db
      .selectFrom("affiliate_codes")
      .select(codeColumns)
      .orderBy("active", "desc")
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .execute(),
    totalsByCode(db),
  ]);
  return codes.map((code) => withTotals(code, totals.get(code.id)));
}

export async function getAffiliateCode(db: Db, id: number): Promise<AdminAffiliateCode | null> {
  const code = await db.selectFrom("affiliate_codes").select(codeColumns).where("id", "=", id).executeTakeFirst();
  if (!code) return null;
  return withTotals(code, (await totalsByCode(db, id)).get(id));
}

export async function getAffiliateReport(db: Db, actor: Actor, idInput: unknown): Promise<AffiliateReport | null> {
  // The refusal first, whatever the id (401 / 403); then a malformed id is a 404.
  authorize(actor, canManageAffiliates(actor));
  const id = pathId(idInput);
  const affiliate = await getAffiliateCode(db, id);
  if (!affiliate) return null;
  const rows = await db
    .selectFrom("affiliate_commissions as m")
    .innerJoin("transactions as t", "t.id", "m.transaction_id")
    .innerJoin("products as p", "p.id", "t.product_id")
    .leftJoin("courses as c", "c.id", "p.course_id")
    .select([
      "t.id",
      "t.created_at",
      "t.paid_at",
      "t.status",
      "t.buyer_name",
      "t.buyer_email",
      "t.total_cents",
      "t.refund_cents",
      "m.amount_cents",
      "m.currency",
      "p.title as product_title",
      "c.title as course_title",
    ])
    .where("m.affiliate_code_id", "=", id)
    .orderBy("t.created_at", "desc")
    .orderBy("t.id", "desc")
    .limit(REPORT_TRANSACTIONS_LIMIT)
    .execute();
  return {
    affiliate,
    transactions: rows.map((row) => ({
      id: row.id,
      created_at: row.created_at,
      paid_at: row.paid_at,
      status: row.status,
      product_title: row.course_title ?? row.product_title,
      buyer_name: row.buyer_name,
      buyer_email: row.buyer_email,
      total_cents: row.total_cents,
      commission_cents: commissionAfterRefund(row.amount_cents, row.total_cents, row.refund_cents),
      currency: row.currency,
    })),
  };
}
