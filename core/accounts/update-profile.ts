import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { parseInput } from "../validation.ts";
import { updateProfileSchema } from "./schemas.ts";

export async function updateProfile(db: Db, userId: number, input: unknown): Promise<void> {
  const data = parseInput(updateProfileSchema, input);
  await db.updateTable("users").set({ name: data.name, updated_at: nowIso() }).where("id", "=", userId).execute();
}
