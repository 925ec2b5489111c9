// The sample school's membership plan (issue 15, item 10): monthly, opening the sample course and the course's
// restricted community topic, so a new owner sees a plan on /home/memberships and can try the subscribe checkout.
import type { Db } from "#platform/db/connection.ts";
import { nowIso } from "#platform/db/connection.ts";
import type { Language } from "#platform/db/schema.ts";

export const SAMPLE_PLAN_PRICE_CENTS = 2900;

const texts = {
  en: {
    name: "Photography club (monthly)",
    description: "The course, and the course's questions topic in the community, for as long as you are a member.",
  },
  pl: {
    name: "Klub fotograficzny (miesięcznie)",
    description: "Kurs i temat pytań o kurs w społeczności, tak długo, jak jesteś członkiem.",
  },
} as const;

export async function addSampleMembershipPlan(
  db: Db,
  options: { language: Language; currency: string; courseId: number },
): Promise<{ id: number; name: string }> {
  const now = nowIso();
  const text = texts[options.language];
  const plan = await db
    .insertInto("membership_plans")
    .values({
      name: text.name,
      description: text.description,
      price_cents: SAMPLE_PLAN_PRICE_CENTS,
      vat_rate: 23,
      currency: options.currency,
      period_months: 1,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db.insertInto("membership_plan_courses").values({ plan_id: plan.id, course_id: options.courseId }).execute();
  // The restricted topics of the sample community (the course's questions).
  const topics = await db.selectFrom("community_topics").select("id").where("visibility", "=", "restricted").execute();
  if (topics.length > 0)
    await db
      .insertInto("membership_plan_topics")
      .values(topics.map((topic) => ({ plan_id: plan.id, topic_id: topic.id })))
      .execute();
  return { id: plan.id, name: text.name };
}
