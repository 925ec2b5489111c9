// PUT /home/settings/images: the school's logo and favicon. Saved as soon as the upload box has stored (or
// deleted) the image, as a course's cover is, so the school never points at a file that was deleted. Only a key
// whose upload arrived and passed the server's checks may be set: the school cannot point at any file.
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { AppError, fieldError } from "../errors.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { parseInput } from "../validation.ts";
import { canManageSchool } from "./policies.ts";
import { brandImagesSchema } from "./schemas.ts";

export async function updateBrandImages(db: Db, actor: Actor, input: unknown): Promise<void> {
  authorize(actor, canManageSchool(actor));
  const data = parseInput(brandImagesSchema, input);
  await db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom("school").select(["logo", "favicon"]).executeTakeFirst();
    if (!current) throw new AppError("setup_required");
    const changes: { logo?: string | null; favicon?: string | null } = {};
    for (const field of ["logo", "favicon"] as const) {
      const key = data[field];
      if (key === undefined) continue;
      if (key !== null && key !== current[field]) {
        const stored = await trx
          .selectFrom("uploads")
          .select("id")
          .where("storage_key", "=", key)
          .where("status", "=", "stored")
          .executeTakeFirst();
        if (!stored) throw fieldError(field, "admin:image_not_uploaded");
      }
      changes[field] = key;
    }
    if (Object.keys(changes).length === 0) return;
    await trx
      .updateTable("school")
      .set({ ...changes, updated_at: nowIso() })
      .execute();
  });
}
