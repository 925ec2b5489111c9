// An access's end, told to the student by mail and to integrators by the access.expiring / access.expired
// webhooks (issue 18, item 6), found by the learning.access_endings schedule with an injectable `now`:
// - expiring: the access ends within ACCESS_ENDING_NOTICE_DAYS (a week to finish or to buy again);
// - expired: it ended within ACCESS_ENDED_LOOKBACK_DAYS (so slots missed while no worker ran are made up, and an
//   access that ended long before this feature does not mail anyone).
// Accesses revoked by an admin are not told (the admin chose it), nor ends that do not end anything: a course of
// a draft, or a member whose membership opens the course anyway. Each tells once per end (access_notices).
import type { Db } from "#platform/db/connection.ts";
import { nowIso, sql } from "#platform/db/connection.ts";
import { inTransaction } from "#platform/db/transaction.ts";
import { formatDate } from "#platform/i18n/format.ts";
import { enqueueJob } from "#platform/jobs/queue.ts";
import { sendMailJob } from "#platform/mail/mail-job.ts";
import { membershipOpensCourse } from "#core/memberships/membership-access.ts";
import { emitWebhookEvent } from "#core/webhooks/emit-event.ts";
import { mailParagraphs, schoolForMail } from "../shared/school-mail.ts";
import { studentInCourse } from "./student-in-course.ts";

export const ACCESS_ENDING_NOTICE_DAYS = 7;
export const ACCESS_ENDED_LOOKBACK_DAYS = 3;
export const ACCESS_ENDING_BATCH = 500;

const DAY_MS = 24 * 60 * 60 * 1000;
const shift = (iso: string, days: number) => new Date(Date.parse(iso) + days * DAY_MS).toISOString();

export type AccessEndingKind = "expiring" | "expired";

type Ending = { id: number; user_id: number; course_id: number; ends_at: string };

/** Which notice an access ending at `endsAt` is due at `now`, if any (pure). */
export function accessEndingDue(endsAt: string, now: string): AccessEndingKind | null {
  if (endsAt > now) return endsAt <= shift(now, ACCESS_ENDING_NOTICE_DAYS) ? "expiring" : null;
  return endsAt > shift(now, -ACCESS_ENDED_LOOKBACK_DAYS) ? "expired" : null;
}

async function endingAccesses(db: Db, now: string): Promise<Ending[]> {
  return (
    db
      .selectFrom("course_access as a")
      .innerJoin("courses as c", "c.id", "a.course_id")
      .select(["a.id", "a.user_id", "a.course_id", "a.ends_at"])
      .where("a.ends_at", "is not", null)
      .where("a.ends_at", ">", shift(now, -ACCESS_ENDED_LOOKBACK_DAYS))
      .where("a.ends_at", "<=", shift(now, ACCESS_ENDING_NOTICE_DAYS))
      .where("a.revoked_at", "is", null)
      .where("c.status", "!=", "draft")
      // Already told of this end in its present kind: left out here, so a full batch never hides newer ones.
      .where(
        sql<boolean>`not exists (select 1 from access_notices n where n.access_id = a.id and n.ends_at = a.ends_at
        and n.kind = case when a.ends_at > ${now} then 'expiring' else 'expired' end)`,
      )
      .orderBy("a.ends_at")
      .limit(ACCESS_ENDING_BATCH)
      .execute() as Promise<Ending[]>
  );
}

/** Tells one access's end unless it was told before; answers whether it was told now. */
export async function tellAccessEnding(db: Db, access: Ending, kind: AccessEndingKind, now: string): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const inserted = await trx
      .insertInto("access_notices")
      .values({ access_id: access.id, kind, ends_at: access.ends_at, created_at: now })
      .onConflict((oc) => oc.doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!inserted) return false;
    const row = await studentInCourse(trx, access.user_id, access.course_id);
    if (!row) return false;
    const school = await schoolForMail(trx);
    const { t } = school;
    const values = {
      name: row.name,
      course: row.course,
      school: school.name,
      date: formatDate(access.ends_at, school.lang, school.timeZone),
    };
    // Before the end: back to the course to finish it; after: its sales page, to buy it again.
    const link = `${school.address ?? ""}/${row.slug}${kind === "expiring" ? "/watch" : ""}`;
    await enqueueJob(
      trx,
      sendMailJob,
      {
        to: row.email,
        subject: t(`learning:access_${kind}_subject`, values),
        text: mailParagraphs(
          t(`learning:access_${kind}_text`, values),
          school.address ? t(`learning:access_${kind}_link`, { link }) : "",
          t("learning:drip_mail_signature", values),
        ),
      },
      { key: `access-${kind}:${access.id}:${access.ends_at}` },
    );
    await emitWebhookEvent(trx, kind === "expiring" ? "access.expiring" : "access.expired", {
      student: { id: access.user_id },
      course: { id: access.course_id },
      access: { id: access.id, ends_at: access.ends_at },
    });
    return true;
  });
}

export async function scanAccessEndings(db: Db, now = nowIso()): Promise<{ told: number }> {
  let told = 0;
  for (const access of await endingAccesses(db, now)) {
    const kind = accessEndingDue(access.ends_at, now);
    if (!kind) continue;
    // A member keeps the course through the membership: this end ends nothing.
    if (await membershipOpensCourse(db, access.user_id, access.course_id, kind === "expiring" ? access.ends_at : now))
      continue;
    if (await tellAccessEnding(db, access, kind, now)) told++;
  }
  return { told };
}
