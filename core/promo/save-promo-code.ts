// An admin creates or changes a promo code (POST /home/promo-codes, PUT /home/promo-codes/{id}). The code is
// kept as typed and unique case-insensitively; a code limited to a course is stored against the course's
// product row (made on first need by ensureCourseProduct), as the checkout speaks of products only.
import { AppError, fieldError } from "#core/errors.ts";
import { ensureCourseProduct } from "#core/selling/course-product.ts";
import { parseInput } from "#core/validation.ts";
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { codeKey, codeTakenError, isUniqueViolation } from "./code-key.ts";
import { getPromoCode, type AdminPromoCode } from "./list-promo-codes.ts";
import { promoCodeSchema, type PromoScope } from "./schemas.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { canManagePromoCodes } from "./policies.ts";
import { pathId } from "../shared/path-id.ts";

async function productIdFor(db: Db, scope: PromoScope): Promise<number | null> {
  if (scope.kind === "all") return null;
  if (scope.kind === "course") {
    const productId = await ensureCourseProduct(db, scope.id);
    if (productId === null) throw fieldError("scope", "validation:in");
    return productId;
  }
  const product = await db.selectFrom("products").select("id").where("id", "=", scope.id).executeTakeFirst();
  if (!product) throw fieldError("scope", "validation:in");
  return product.id;
}

async function assertCodeFree(db: Db, key: string, exceptId?: number): Promise<void> {
  let query = db.selectFrom("promo_codes").select("id").where("code_key", "=", key);
  if (exceptId !== undefined) query = query.where("id", "!=", exceptId);
  if (await query.executeTakeFirst()) throw codeTakenError();
}

export async function createPromoCode(db: Db, actor: Actor, input: unknown): Promise<AdminPromoCode> {
  authorize(actor, canManagePromoCodes(actor));
  const fields = parseInput(promoCodeSchema, input);
  const key = codeKey(fields.code);
  await assertCodeFree(db, key);
  const product_id = await productIdFor(db, fields.scope);
  const now = nowIso();
  const row = await db
    .insertInto("promo_codes")
    .values({
      code: fields.code,
      code_key: key,
      kind: fields.kind,
      amount: fields.amount,
      starts_at: fields.starts_at,
      ends_at: fields.ends_at,
      usage_limit: fields.usage_limit,
      product_id,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column("code_key").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!row) throw codeTakenError();
  return (await getPromoCode(db, actor, row.id))!;
}

export async function updatePromoCode(db: Db, actor: Actor, idInput: unknown, input: unknown): Promise<AdminPromoCode> {
  // The refusal first, whatever the id (401 / 403); then a malformed id is a 404.
  authorize(actor, canManagePromoCodes(actor));
  const id = pathId(idInput);
  const existing = await db.selectFrom("promo_codes").select("id").where("id", "=", id).executeTakeFirst();
  if (!existing) throw new AppError("not_found");
  const fields = parseInput(promoCodeSchema, input);
  const key = codeKey(fields.code);
  await assertCodeFree(db, key, id);
  const product_id = await productIdFor(db, fields.scope);
  try {
    await db
      .updateTable("promo_codes")
      .set({
        code: fields.code,
        code_key: key,
        kind: fields.kind,
        amount: fields.amount,
        starts_at: fields.starts_at,
        ends_at: fields.ends_at,
        usage_limit: fields.usage_limit,
        product_id,
        updated_at: nowIso(),
      })
      .where("id", "=", id)
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw codeTakenError();
    throw error;
  }
  const saved = await getPromoCode(db, actor, id);
  if (!saved) throw new AppError("not_found");
  return saved;
}
