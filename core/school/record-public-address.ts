// A school set up before the public address was recorded (migration 0008) learns it from the first request of a
// logged-in admin: the owner reaches their school through its real address, and a visitor cannot make an
// admin's browser send another Host. Loopback addresses are not recorded (an admin on the server itself).
// Only an empty address is filled: the owner's own choice in the settings always wins.
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { normalizeHost } from "./public-address.ts";

export async function recordPublicAddress(db: Db, request: { protocol: string; host: string }): Promise<boolean> {
  const host = normalizeHost(request.protocol, request.host);
  if (!host) return false;
  const url = URL.parse(`${request.protocol}://${host}`);
  if (!url || ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname)) return false;
  const result = await db
    .updateTable("school")
    .set({ public_url: url.origin, updated_at: nowIso() })
    .where("public_url", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
