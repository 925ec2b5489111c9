// First run: the owner creates the school and their own admin account. It happens once: a second call
// finds the school row and answers 409; a second call racing the first hits the unique singleton column.
// With sample content, its files go to the storage; when the transaction fails they are removed again.
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import type { User } from "#platform/db/schema.ts";
import type { Storage } from "#core/ports/storage.ts";
import { createUser } from "../accounts/create-user.ts";
import type { ScryptParams } from "../accounts/passwords.ts";
import { AppError } from "../errors.ts";
import { parseInput } from "../validation.ts";
import { addSampleLegalPages } from "./sample-legal.ts";
import { addSampleContent, type SampleContent, type SampleFileStore, type SampleMedia } from "./sample-content.ts";
import { defaultTimeZone, defaultVatRate, publicUrlField, setupSchema } from "./schemas.ts";

/**
 * options.publicUrl: the school's public address when the owner did not give one (the address the setup
 * request came to, or APP_URL); e-mailed links start with it (core/school/public-address.ts).
 */
export async function setupSchool(
  {
    db,
    storage,
    hashing,
    sampleMedia,
  }: {
    db: Db;
    storage: Storage;
    hashing?: ScryptParams;
    /** draws the sample content's files (platform/sample-files/) */
    sampleMedia: SampleMedia;
  },
  input: unknown,
  options: { publicUrl?: string } = {},
): Promise<{ owner: User; sample: SampleContent | null }> {
  const data = parseInput(setupSchema, input);
  const publicUrl = data.public_url ?? (options.publicUrl ? parseInput(publicUrlField, options.publicUrl) : null);
  const alreadyDone = () => new AppError("conflict", { messageKey: "setup:already_done" });
  const written: string[] = [];
  const files: SampleFileStore = {
    put: (key, body, options) => {
      written.push(key);
      return storage.put(key, body, options);
    },
  };
  const setUp = db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom("school").select("id").executeTakeFirst();
    if (existing) throw alreadyDone();
    const now = nowIso();
    await trx
      .insertInto("school")
      .values({
        name: data.school_name,
        language: data.language,
        currency: data.currency,
        login_enabled: 1,
        registration_enabled: 1,
        public_url: publicUrl,
        vat_rate: defaultVatRate(data),
        time_zone: defaultTimeZone(data),
        owner_user_id: null,
        created_at: now,
        updated_at: now,
      })
      .execute()
      .catch((error: unknown) => {
        throw /unique|duplicate/i.test(String(error)) ? alreadyDone() : error;
      });
    const owner = await createUser(
      trx,
      { name: data.name, email: data.email, password: data.password, role: "admin" },
      hashing,
    );
    // The one who sets the school up owns it: only they manage the team and read the audit log (migration 0040).
    await trx.updateTable("school").set({ owner_user_id: owner.id }).execute();
    const sample = data.sample
      ? await addSampleContent(trx, {
          language: data.language,
          currency: data.currency,
          owner,
          files,
          media: sampleMedia,
          hashing,
        })
      : null;
    if (data.sample) await addSampleLegalPages(trx, data.language);
    return { owner, sample };
  });
  // A setup that failed (or lost the race to another) leaves none of the sample's files behind.
  const result = await setUp.catch(async (error: unknown) => {
    await Promise.all(written.map((key) => storage.delete(key).catch(() => {})));
    throw error;
  });
  return result;
}
