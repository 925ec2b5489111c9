// /home/students: the school's students, searched (name or e-mail), filtered (a course they can open, a tag,
// signed up between two days) and sorted (signed up, name), a page at a time. Paging is by keyset, not offset:
// a page starts after the last row of the page before (its sort key and id, the id breaking ties between equal
// keys), so a page reads one range of the users index of its sort (migration 0034) however many students there
// are, and a student who signs up meanwhile neither repeats nor skips a row. No total is counted, for the same
// reason. The cursor is opaque text (base64url JSON of the key and the id); a cursor that does not parse, or
// belongs to another sort, starts from the first page.
import { sql } from "kysely";
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import { containsPattern } from "#core/transactions/filtered-transactions.ts";
import { type Actor, authorize } from "../shared/actor.ts";
import { canManageStudents } from "./policies.ts";
import { STUDENTS_PAGE_SIZE, type StudentFilters, type StudentSort } from "./schemas.ts";
import { tagsOfStudents, type StudentTag } from "./student-tags.ts";
import { nextDay } from "#core/shared/zod-fields.ts";

export type StudentRow = {
  id: number;
  name: string;
  email: string;
  created_at: string;
  last_seen_at: string | null;
  courses: number;
  tags: StudentTag[];
};

export type StudentPage = { students: StudentRow[]; next: string | null };

type Cursor = { sort: StudentSort; key: string; id: number };

const sortColumn = { joined: "u.created_at", name: "u.name" } as const;

function orderOf(sort: StudentSort) {
  const [field, direction] = sort.split("_") as ["joined" | "name", "asc" | "desc"];
  return { column: sortColumn[field], direction };
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.sort, cursor.key, cursor.id])).toString("base64url");
}

function decodeCursor(text: string | undefined, sort: StudentSort): Cursor | null {
  if (!text) return null;
  try {
    const [cursorSort, key, id] = JSON.parse(Buffer.from(text, "base64url").toString("utf8")) as unknown[];
    if (cursorSort !== sort || typeof key !== "string" || !Number.isSafeInteger(id)) return null;
    return { sort, key, id: id as number };
  } catch {
    return null;
  }
}

/** The students matching the filters, in the sort's order (no paging): the list's one definition of "matching". */
export function filteredStudents(db: Db, filters: StudentFilters, now = nowIso()) {
  let query = db.selectFrom("users as u").where("u.role", "=", "student");
  if (filters.from) query = query.where("u.created_at", ">=", `${filters.from}T00:00:00.000Z`);
  if (filters.to) query = query.where("u.created_at", "<", nextDay(filters.to));
  if (filters.q) {
    const pattern = containsPattern(filters.q);
    query = query.where((eb) =>
      eb.or(
        (["u.name", "u.email"] as const).map(
          (column) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`,
        ),
      ),
    );
  }
  const tagId = filters.tag_id;
  if (tagId) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom("student_tags as st")
          .select("st.id")
          .whereRef("st.user_id", "=", "u.id")
          .where("st.tag_id", "=", tagId),
      ),
    );
  }
  const courseId = filters.course_id;
  if (courseId) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom("course_access as a")
          .select("a.id")
          .whereRef("a.user_id", "=", "u.id")
          .where("a.course_id", "=", courseId)
          .where("a.revoked_at", "is", null)
          .where((w) => w.or([w("a.ends_at", "is", null), w("a.ends_at", ">", now)])),
      ),
    );
  }
  return query;
}

export async function listStudents(
  db: Db,
  actor: Actor,
  filters: StudentFilters,
  pageSize = STUDENTS_PAGE_SIZE,
): Promise<StudentPage> {
  authorize(actor, canManageStudents(actor));
  const { column, direction } = orderOf(filters.sort);
  const cursor = decodeCursor(filters.after, filters.sort);
  let query = filteredStudents(db, filters).select(["u.id", "u.name", "u.email", "u.created_at"]);
  if (cursor) {
    const past = direction === "asc" ? ">" : "<";
    // A row value, (key, id) past (cursor key, cursor id): both engines read it as a range of the sort's index.
    query = query.where((eb) => eb(eb.refTuple(column, "u.id"), past, eb.tuple(cursor.key, cursor.id)));
  }
  const rows = await query
    .orderBy(column, direction)
    .orderBy("u.id", direction)
    .limit(pageSize + 1)
    .execute();
  const page = rows.slice(0, pageSize);
  const last = page.at(-1);
  const next =
    rows.length > pageSize && last
      ? encodeCursor({
          sort: filters.sort,
          key: column === "u.name" ? last.name : last.created_at,
          id: last.id,
        })
      : null;
  const ids = page.map((row) => row.id);
  const [seen, courses, tags] = ids.length
    ? await Promise.all([
        db
          .selectFrom("sessions")
          .select(["user_id", (eb) => eb.fn.max("last_seen_at").as("last")])
          .where("user_id", "in", ids)
          .groupBy("user_id")
          .execute(),
        db
          .selectFrom("course_access")
          .select(["user_id", (eb) => eb.fn.count<number>("course_id").distinct().as("n")])
          .where("user_id", "in", ids)
          .where("revoked_at", "is", null)
          .groupBy("user_id")
          .execute(),
        tagsOfStudents(db, ids),
      ])
    : [[], [], new Map<number, StudentTag[]>()];
  return {
    students: page.map((row) => ({
      ...row,
      last_seen_at: (seen.find((s) => s.user_id === row.id)?.last as string | undefined) ?? null,
      courses: Number(courses.find((c) => c.user_id === row.id)?.n ?? 0),
      tags: tags.get(row.id) ?? [],
    })),
    next,
  };
}
