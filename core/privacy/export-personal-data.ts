// GDPR access (issue 18, item 5): one JSON file with everything stored about one person, for the admin (POST
// /home/students/{id}/export, from the student's page) and for the student (POST /my/account/export). One export
// per minute per requester (spec §8 'You can only make one export per minute'). The tables and columns come from
// the classification in personal-data.ts, an allowlist: secrets are never selected.
import type { Db } from "#platform/db/connection.ts";
import type { RawBuilder } from "kysely";
import { sql } from "#platform/db/connection.ts";
import { AppError } from "../errors.ts";
import { type Actor, authorizeUser } from "../shared/actor.ts";
import type { ExportThrottle } from "../shared/export-throttle.ts";
import { idFromText } from "../shared/ids.ts";
import { PERSONAL_DATA, type RowsOf } from "./personal-data.ts";
import { canManageOwnData, canManageStudentData } from "./policies.ts";

export const EXPORT_FORMAT = "studium-personal-data/1";

export type PersonalDataFile = {
  format: string;
  exported_at: string;
  /** "admin": the school's full file (private tags too); "self": the student's own */
  requested_by: "admin" | "self";
  profile: Record<string, unknown>;
  notification_settings: unknown;
  tags: { name: string; public: boolean; given_at: string }[];
  [table: string]: unknown;
};

function whereOf(rows: RowsOf, user: { id: number; email: string }): RawBuilder<unknown> {
  switch (rows.by) {
    case "user":
      return sql`${sql.ref(rows.column)} = ${user.id}`;
    case "parent":
      return sql`${sql.ref(rows.column)} in (select id from ${sql.table(rows.parent)} where ${whereOf(
        rows.parentRows ?? { by: "user", column: rows.parentColumn },
        user,
      )})`;
    case "email":
      return sql`lower(${sql.ref(rows.column)}) = ${user.email.toLowerCase()}`;
  }
}

function parsed(value: unknown): unknown {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

async function rowsOf(db: Db, table: string, user: { id: number; email: string }) {
  const use = PERSONAL_DATA[table]!.export!;
  const columns = sql.join(use.columns.map((column) => sql.ref(column)));
  const { rows } = await sql<Record<string, unknown>>`select ${columns} from ${sql.table(table)} where ${whereOf(
    use.rows,
    user,
  )} order by 1`.execute(db);
  if (!use.json) return rows;
  return rows.map((row) => {
    const copy = { ...row };
    for (const column of use.json!) copy[column] = parsed(copy[column]);
    return copy;
  });
}

async function collect(db: Db, userId: number, requestedBy: "admin" | "self"): Promise<PersonalDataFile> {
  const user = await db
    .selectFrom("users")
    .select(["id", "email", "email_notifications"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!user) throw new AppError("not_found");
  const file: PersonalDataFile = {
    format: EXPORT_FORMAT,
    exported_at: new Date().toISOString(),
    requested_by: requestedBy,
    profile: {},
    notification_settings: parsed(user.email_notifications),
    tags: [],
  };
  for (const [table, use] of Object.entries(PERSONAL_DATA)) {
    if (!use.export) continue;
    const rows = await rowsOf(db, table, user);
    if (table === "users") file.profile = rows[0] ?? {};
    else file[table] = rows;
  }
  let tags = db
    .selectFrom("student_tags as st")
    .innerJoin("tags as t", "t.id", "st.tag_id")
    .select(["t.name", "t.public", "st.created_at"])
    .where("st.user_id", "=", userId);
  // The student sees their public tags only; the admins' private tags are the school's notes.
  if (requestedBy === "self") tags = tags.where("t.public", "=", 1);
  file.tags = (await tags.orderBy("t.name").execute()).map((tag) => ({
    name: tag.name,
    public: Number(tag.public) === 1,
    given_at: tag.created_at,
  }));
  return file;
}

/** The admin's export of one student (404 for an unknown id or an admin's account). */
export async function exportStudentData(
  db: Db,
  actor: Actor,
  studentId: unknown,
  throttle: ExportThrottle,
): Promise<PersonalDataFile> {
  const admin = authorizeUser(actor, canManageStudentData(actor));
  const id = idFromText(studentId);
  const student = id
    ? await db.selectFrom("users").select(["id", "role"]).where("id", "=", id).executeTakeFirst()
    : undefined;
  if (!student || student.role !== "student") throw new AppError("not_found");
  await throttle.take(admin.userId);
  return collect(db, student.id, "admin");
}

/** The signed-in person's own export. */
export async function exportOwnData(db: Db, actor: Actor, throttle: ExportThrottle): Promise<PersonalDataFile> {
  const { userId } = authorizeUser(actor, canManageOwnData(actor));
  await throttle.take(userId);
  return collect(db, userId, "self");
}
