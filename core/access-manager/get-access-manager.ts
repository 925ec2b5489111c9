// GET /home/access-manager/{courseId}[?transaction=id]: what the course access manager page shows: the course,
// the team purchases the user may manage (a buyer may have several; ?transaction chooses one, the newest by
// default), and the chosen one's seats and invitations. Nothing to manage (another buyer, no team purchase)
// is a 404 for a student; an admin sees the page with an empty state.
import { AppError } from "#core/errors.ts";
import type { Db } from "#platform/db/connection.ts";
import { type InvitationJson, listInvitations } from "./invitations.ts";
import { listTeamPurchases, type Manager, type TeamPurchase } from "./team-purchases.ts";

export type AccessManagerView = {
  course: { id: number; title: string; slug: string };
  purchases: TeamPurchase[];
  selected: TeamPurchase | null;
  invitations: InvitationJson[];
};

export async function getAccessManager(
  db: Db,
  manager: Manager,
  options: { courseId: number; transactionId?: number | null },
): Promise<AccessManagerView> {
  const course = await db
    .selectFrom("courses")
    .select(["id", "title", "slug"])
    .where("id", "=", options.courseId)
    .executeTakeFirst();
  if (!course) throw new AppError("not_found");
  const purchases = await listTeamPurchases(db, manager, course.id);
  if (purchases.length === 0 && manager.role !== "admin") throw new AppError("not_found");
  let selected: TeamPurchase | null = purchases[0] ?? null;
  if (options.transactionId) {
    selected = purchases.find((purchase) => purchase.id === options.transactionId) ?? null;
    if (!selected) throw new AppError("not_found");
  }
  return { course, purchases, selected, invitations: selected ? await listInvitations(db, selected.id) : [] };
}
