// GET /home/access-manager/{courseId}[?transaction=id]: what the course access manager page shows: the course,
// the team purchases the user may manage (a buyer may have several; ?transaction chooses one, the newest by
// default), and the chosen one's seats and invitations. Nothing to manage (another buyer, no team purchase)
// is a 404 for a student; an admin sees the page with an empty state.
import { AppError } from "#core/errors.ts";
import type { Db } from "#platform/db/connection.ts";
import { type InvitationJson, listInvitations } from "./invitations.ts";
import type { Actor } from "../shared/actor.ts";
import { pathId } from "../shared/path-id.ts";
import { authorizeManager, listTeamPurchases, managesEveryPurchase, type TeamPurchase } from "./team-purchases.ts";

export type AccessManagerView = {
  course: { id: number; title: string; slug: string };
  /** the manager sees every buyer's purchases (and who bought them), not only their own */
  managesEvery: boolean;
  purchases: TeamPurchase[];
  selected: TeamPurchase | null;
  invitations: InvitationJson[];
};

export async function getAccessManager(
  db: Db,
  actor: Actor,
  options: { courseId: unknown; transactionId?: number | null },
): Promise<AccessManagerView> {
  const manager = authorizeManager(actor);
  const courseId = pathId(options.courseId);
  const managesEvery = managesEveryPurchase(manager);
  const course = await db
    .selectFrom("courses")
    .select(["id", "title", "slug"])
    .where("id", "=", courseId)
    .executeTakeFirst();
  if (!course) throw new AppError("not_found");
  const purchases = await listTeamPurchases(db, manager, course.id);
  if (purchases.length === 0 && !managesEvery) throw new AppError("not_found");
  let selected: TeamPurchase | null = purchases[0] ?? null;
  if (options.transactionId) {
    selected = purchases.find((purchase) => purchase.id === options.transactionId) ?? null;
    if (!selected) throw new AppError("not_found");
  }
  return {
    course,
    managesEvery,
    purchases,
    selected,
    invitations: selected ? await listInvitations(db, selected.id) : [],
  };
}
