// Which tables a DELETE of a row can change without naming them: the foreign keys declared ON DELETE CASCADE or
// ON DELETE SET NULL, as parent -> children. The write watcher (./write-watch.ts) reads a DELETE that names a
// parent as a write to every table below it, so a course deleted with its sections and lectures also empties the
// caches of lectures. cascades.test.ts compares this list with the migrated database's own foreign keys: a new
// migration that adds such a key fails that test until the key is listed here.
export const CASCADES: Readonly<Record<string, readonly string[]>> = {
  affiliate_codes: ["affiliate_commissions", "transactions"],
  comments: ["community_notifications", "replies", "reviews"],
  community_posts: ["community_notifications"],
  community_topics: [
    "community_notifications",
    "community_posts",
    "community_topic_products",
    "community_topic_subscriptions",
    "membership_plan_topics",
  ],
  course_access: ["access_notices"],
  course_sections: ["lectures"],
  certificates: ["certificates"],
  courses: [
    "bundle_courses",
    "certificate_templates",
    "certificates",
    "course_access",
    "course_price_changes",
    "course_sections",
    "drip_notices",
    "exams",
    "favourite_courses",
    "invitations",
    "lecture_progress",
    "membership_plan_courses",
    "products",
    "reviews",
    "student_imports",
    "survey_responses",
    "surveys",
  ],
  exam_attempts: ["exam_answers"],
  exams: ["exam_attempts"],
  lead_forms: ["lead_consents", "leads"],
  leads: ["lead_tags"],
  lectures: ["favourite_lectures", "lecture_components", "lecture_progress", "surveys", "videos"],
  membership_charges: ["membership_invoices"],
  membership_plans: [
    "membership_plan_courses",
    "membership_plan_products",
    "membership_plan_topics",
    "membership_stripe_prices",
  ],
  memberships: ["membership_cancellations", "membership_charges", "membership_events", "membership_notices"],
  product_variants: ["transactions", "variant_price_changes"],
  products: [
    "bundle_courses",
    "community_topic_products",
    "exams",
    "membership_plan_products",
    "product_access",
    "product_variants",
    "promo_codes",
    "surveys",
  ],
  promo_codes: ["transactions"],
  subpage_blocks: ["countdown_deadlines"],
  subpages: ["subpage_blocks"],
  surveys: ["survey_postponements", "survey_responses"],
  tags: ["student_tags", "tag_rules"],
  transactions: ["affiliate_commissions", "invitations", "invoices", "payment_events", "product_access"],
  users: [
    "audit_log",
    "certificates",
    "comments",
    "community_notifications",
    "community_posts",
    "community_topic_subscriptions",
    "course_access",
    "drip_notices",
    "exam_attempts",
    "favourite_courses",
    "favourite_lectures",
    "invitations",
    "lecture_progress",
    "membership_cancellations",
    "membership_events",
    "memberships",
    "password_resets",
    "product_access",
    "replies",
    "reports",
    "reviews",
    "sessions",
    "student_imports",
    "student_tags",
    "survey_postponements",
    "survey_responses",
    "uploads",
    "videos",
    "votes",
  ],
  videos: ["community_posts"],
  webhook_endpoints: ["webhook_deliveries"],
};

/** Every table a DELETE naming `table` may change through cascades, `table` included. */
export function tablesReachedByDelete(table: string, cascades = CASCADES): Set<string> {
  const reached = new Set([table]);
  const queue = [table];
  while (queue.length > 0) {
    for (const child of cascades[queue.pop()!] ?? []) {
      if (reached.has(child)) continue;
      reached.add(child);
      queue.push(child);
    }
  }
  return reached;
}
