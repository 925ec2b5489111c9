// Migrations are numbered modules listed here (not discovered on disk) so that they run the same from
// source and from any bundle. Applied at start-up and by `npm run studium -- migrate`.
import { type Migration, type MigrationProvider, Migrator } from "kysely/migration";
import type { DbHandle } from "./connection.ts";
import type { MigrationModule } from "./ddl.ts";
import * as m0001 from "./migrations/0001-foundation.ts";
import * as m0002 from "./migrations/0002-catalog.ts";
import * as m0003 from "./migrations/0003-school-singleton.ts";
import * as m0004 from "./migrations/0004-learning.ts";
import * as m0005 from "./migrations/0005-review-per-student.ts";
import * as m0006 from "./migrations/0006-selling.ts";
import * as m0007 from "./migrations/0007-votes-by-user.ts";
import * as m0008 from "./migrations/0008-school-public-url.ts";
import * as m0009 from "./migrations/0009-video-duration.ts";
import * as m0010 from "./migrations/0010-school-tagline.ts";
import * as m0011 from "./migrations/0011-school-vat-rate.ts";
import * as m0012 from "./migrations/0012-job-unique-keys.ts";
import * as m0013 from "./migrations/0013-catalog-version-triggers.ts";
import * as m0014 from "./migrations/0014-school-time-zone.ts";
import * as m0015 from "./migrations/0015-community.ts";
import * as m0016 from "./migrations/0016-community-notifications.ts";
import * as m0017 from "./migrations/0017-moderation.ts";
import * as m0018 from "./migrations/0018-memberships.ts";
import * as m0019 from "./migrations/0019-surveys.ts";
import * as m0020 from "./migrations/0020-community-topics-in-catalog-version.ts";
import * as m0021 from "./migrations/0021-memberships-stripe.ts";
import * as m0023 from "./migrations/0023-membership-admin.ts";
import * as m0024 from "./migrations/0024-exams.ts";
import * as m0025 from "./migrations/0025-certificates.ts";
import * as m0026 from "./migrations/0026-post-image-thumbnails.ts";
import * as m0027 from "./migrations/0027-drip-release.ts";
import * as m0028 from "./migrations/0028-survey-products-and-voice.ts";
import * as m0029 from "./migrations/0029-school-site.ts";
import * as m0030 from "./migrations/0030-webhooks.ts";
import * as m0031 from "./migrations/0031-pages.ts";
import * as m0032 from "./migrations/0032-leads.ts";
import * as m0033 from "./migrations/0033-articles.ts";
import * as m0034 from "./migrations/0034-students-and-tags.ts";
import * as m0035 from "./migrations/0035-access-endings.ts";
import * as m0036 from "./migrations/0036-lead-forms-on-pages.ts";
import * as m0038 from "./migrations/0038-membership-invoices-retention-withdrawal.ts";
import * as m0039 from "./migrations/0039-erasures.ts";
import * as m0040 from "./migrations/0040-team-and-audit.ts";
import * as m0041 from "./migrations/0041-tag-rules.ts";

const migrations: Record<string, MigrationModule> = {
  "0001-foundation": m0001,
  "0002-catalog": m0002,
  "0003-school-singleton": m0003,
  "0004-learning": m0004,
  "0005-review-per-student": m0005,
  "0006-selling": m0006,
  "0007-votes-by-user": m0007,
  "0008-school-public-url": m0008,
  "0009-video-duration": m0009,
  "0010-school-tagline": m0010,
  "0011-school-vat-rate": m0011,
  "0012-job-unique-keys": m0012,
  "0013-catalog-version-triggers": m0013,
  "0014-school-time-zone": m0014,
  "0015-community": m0015,
  "0016-community-notifications": m0016,
  "0017-moderation": m0017,
  "0018-memberships": m0018,
  "0019-surveys": m0019,
  "0020-community-topics-in-catalog-version": m0020,
  "0021-memberships-stripe": m0021,
  "0023-membership-admin": m0023,
  "0024-exams": m0024,
  "0025-certificates": m0025,
  "0026-post-image-thumbnails": m0026,
  "0027-drip-release": m0027,
  "0028-survey-products-and-voice": m0028,
  "0029-school-site": m0029,
  "0030-webhooks": m0030,
  "0031-pages": m0031,
  "0032-leads": m0032,
  "0033-articles": m0033,
  "0034-students-and-tags": m0034,
  "0035-access-endings": m0035,
  "0036-lead-forms-on-pages": m0036,
  "0038-membership-invoices-retention-withdrawal": m0038,
  "0039-erasures": m0039,
  "0040-team-and-audit": m0040,
  "0041-tag-rules": m0041,
};

class ListedMigrations implements MigrationProvider {
  private readonly handle: DbHandle;
  constructor(handle: DbHandle) {
    this.handle = handle;
  }
  async getMigrations(): Promise<Record<string, Migration>> {
    const dialect = this.handle.dialect;
    return Object.fromEntries(
      Object.entries(migrations).map(([name, m]) => [
        name,
        { up: (db) => m.up(db, dialect), down: m.down ? (db) => m.down!(db, dialect) : undefined } as Migration,
      ]),
    );
  }
}

export async function migrateToLatest(handle: DbHandle): Promise<string[]> {
  const migrator = new Migrator({ db: handle.db, provider: new ListedMigrations(handle) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
