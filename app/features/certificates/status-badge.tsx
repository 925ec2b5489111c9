// A certificate's status as a badge: the words say it, the colour and icon only repeat it.
import { BadgeCheck, Ban, Clock } from "lucide-react";
import type { CertificateStatus } from "#core/certificates/certificate-status.ts";
import { useT } from "#app/lib/i18n.tsx";
import { Badge, type BadgeTone } from "#app/ui/badge.tsx";

const tone = { valid: "success", revoked: "danger", expired: "warning" } as const satisfies Record<
  CertificateStatus,
  BadgeTone
>;
const icon = { valid: BadgeCheck, revoked: Ban, expired: Clock } as const;

export function CertificateStatusBadge({ status }: { status: CertificateStatus }) {
  const t = useT();
  return (
    <Badge tone={tone[status]} icon={icon[status]} data-status={status}>
      {t(`certificates:status_${status}`)}
    </Badge>
  );
}
