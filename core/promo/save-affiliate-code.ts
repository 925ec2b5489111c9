// An admin creates or changes an affiliate code (POST /home/affiliates, PUT /home/affiliates/{id}): the code
// (unique case-insensitively, as typed), the affiliate's name and e-mail, the commission percent and how many
// days the link's cookie lives. A change of the percent applies to sales completed after it.
import { AppError } from "#core/errors.ts";
import { parseInput } from "#core/validation.ts";
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { getAffiliateCode, type AdminAffiliateCode } from "./affiliate-report.ts";
import { codeKey, codeTakenError, isUniqueViolation } from "./code-key.ts";
import { affiliateCodeSchema } from "./schemas.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { canManageAffiliates } from "./policies.ts";
import { pathId } from "../shared/path-id.ts";

async function assertCodeFree(db: Db, key: string, exceptId?: number): Promise<void> {
  let query = db.selectFrom("affiliate_codes").select("id").where("code_key", "=", key);
  if (exceptId !== undefined) query = query.where("id", "!=", exceptId);
  if (await query.executeTakeFirst()) throw codeTakenError();
}

export async function createAffiliateCode(db: Db, actor: Actor, input: unknown): Promise<AdminAffiliateCode> {
  authorize(actor, canManageAffiliates(actor));
  const fields = parseInput(affiliateCodeSchema, input);
  const key = codeKey(fields.code);
  await assertCodeFree(db, key);
  const now = nowIso();
  const row = await db
    .insertInto("affiliate_codes")
    .values({ ...fields, code_key: key, active: 1, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column("code_key").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!row) throw codeTakenError();
  return (await getAffiliateCode(db, row.id))!;
}

export async function updateAffiliateCode(
  db: Db,
  actor: Actor,
  idInput: unknown,
  input: unknown,
): Promise<AdminAffiliateCode> {
  // The refusal first, whatever the id (401 / 403); then a malformed id is a 404.
  authorize(actor, canManageAffiliates(actor));
  const id = pathId(idInput);
  const existing = await db.selectFrom("affiliate_codes").select("id").where("id", "=", id).executeTakeFirst();
  if (!existing) throw new AppError("not_found");
  const fields = parseInput(affiliateCodeSchema, input);
  const key = codeKey(fields.code);
  await assertCodeFree(db, key, id);
  try {
    await db
      .updateTable("affiliate_codes")
      .set({ ...fields, code_key: key, updated_at: nowIso() })
      .where("id", "=", id)
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw codeTakenError();
    throw error;
  }
  const saved = await getAffiliateCode(db, id);
  if (!saved) throw new AppError("not_found");
  return saved;
}

/** Deactivated, a code's links set no cookie and its cookies attribute nothing; its report stays. */
export async function setAffiliateCodeActive(
  db: Db,
  actor: Actor,
  idInput: unknown,
  active: boolean,
): Promise<AdminAffiliateCode> {
  // The refusal first, whatever the id (401 / 403); then a malformed id is a 404.
  authorize(actor, canManageAffiliates(actor));
  const id = pathId(idInput);
  const result = await db
    .updateTable("affiliate_codes")
    .set({ active: active ? 1 : 0, updated_at: nowIso() })
    .where("id", "=", id)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new AppError("not_found");
  return (await getAffiliateCode(db, id))!;
}
