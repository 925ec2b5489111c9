// The student in an outgoing webhook's data carries the names of all the student's tags (issue 18, item 3:
// public and private alike, the webhooks are the admin's): `student` ({id, ...}) in student.created,
// course.completed, lecture.completed, access.*, exam.passed, certificate.issued, membership.*; `buyer`
// ({user_id, ...}) in order.paid, order.refunded and access.granted. Read inside the transaction of the change,
// after its tag rules ran, so a tag the change itself gave is in. The other fields stay as each event built them.
import type { Db } from "#platform/db/connection.ts";
import type { WebhookData } from "./emit-event.ts";

type Person = Record<string, unknown>;

function personOf(value: unknown): Person | null {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Person) : null;
}

async function tagNames(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom("student_tags as st")
    .innerJoin("tags as t", "t.id", "st.tag_id")
    .select("t.name")
    .where("st.user_id", "=", userId)
    .orderBy("t.name")
    .execute();
  return rows.map((row) => row.name);
}

/** `data` with `tags` added to its student and buyer (when they name a user). */
export async function withStudentTags(db: Db, data: WebhookData): Promise<WebhookData> {
  const student = personOf(data.student);
  const buyer = personOf(data.buyer);
  const out: WebhookData = { ...data };
  if (student && typeof student.id === "number") out.student = { ...student, tags: await tagNames(db, student.id) };
  if (buyer && typeof buyer.user_id === "number") out.buyer = { ...buyer, tags: await tagNames(db, buyer.user_id) };
  return out;
}
