// A membership's status as a coloured label for the admin: live green, at risk and overdue amber, ended grey or red.
import type { MembershipStatus } from "#platform/db/schema.ts";
import { useT } from "#app/lib/i18n.tsx";
import { Badge, type BadgeTone } from "#app/ui/badge.tsx";

const tone: Record<MembershipStatus, BadgeTone> = {
  STARTED: "neutral",
  active: "success",
  at_risk: "warning",
  past_due: "warning",
  canceled: "info",
  finished: "neutral",
  expired: "danger",
};

export function MemberStatusBadge({ status }: { status: MembershipStatus }) {
  const t = useT();
  return <Badge tone={tone[status]}>{t(`memberships:status_${status.toLowerCase()}`)}</Badge>;
}
