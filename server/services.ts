// The composition root: every dependency is built here once, at start-up, and passed down.
import path from "node:path";
import type { AccountServices } from "#core/accounts/account-services.ts";
import { createLoginThrottle } from "#core/accounts/login-throttle.ts";
import type { Config } from "#platform/config.ts";
import { type DbHandle, openDatabase } from "#platform/db/connection.ts";
import { migrateToLatest } from "#platform/db/migrate.ts";
import { createMailer, type Mailer } from "#platform/mail/mailer.ts";
import { createDiskStorage } from "#platform/storage/disk.ts";
import type { Storage } from "#platform/storage/storage.ts";
import { createResumableStore, type ResumableStore } from "#platform/storage/resumable.ts";
import { createLimiter } from "#platform/rate-limit.ts";
import { loadSecret } from "#platform/security/secret.ts";

export type Services = {
  config: Config;
  handle: DbHandle;
  db: DbHandle["db"];
  secret: Buffer;
  accounts: AccountServices;
  mailer: Mailer;
  storage: Storage;
  /** Video uploads in progress (tus), outside the storage until they are complete. */
  resumable: ResumableStore;
  close(): Promise<void>;
};

export async function createServices(config: Config): Promise<Services> {
  const handle = openDatabase(config.database);
  await migrateToLatest(handle);
  const throttle = createLoginThrottle({
    perAccountAndIp: await createLimiter(handle, {
      keyPrefix: "login",
      points: config.LOGIN_ATTEMPTS_PER_MINUTE,
      duration: 60,
    }),
    perIp: await createLimiter(handle, {
      keyPrefix: "login_ip",
      points: config.LOGIN_ATTEMPTS_PER_IP_PER_HOUR,
      duration: 3600,
    }),
  });
  const secret = loadSecret({ secretKey: config.SECRET_KEY, dataDir: config.dataDir });
  const mailer = createMailer(handle.db, config);
  return {
    config,
    handle,
    db: handle.db,
    secret,
    accounts: { db: handle.db, throttle, sessionDays: config.SESSION_DAYS },
    mailer,
    storage: createDiskStorage({ root: path.join(config.dataDir, "files"), secret }),
    resumable: createResumableStore({ root: path.join(config.dataDir, "uploads-in-progress") }),
    close: async () => {
      mailer.close();
      await handle.close();
    },
  };
}
