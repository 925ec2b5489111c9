// /certificates/{id}: the public verification page a certificate's QR code points to (issue 17, item 3). No login,
// not indexed. Says whether the certificate is valid, revoked or expired now, for whom, which course, when issued
// and until when, in the page's language and the school's time zone. An unknown id is the 404 page.
import { BadgeCheck } from "lucide-react";
import { verifyCertificate } from "#core/certificates/verify-certificate.ts";
import { formatDate } from "#platform/i18n/format.ts";
import { translator } from "#platform/i18n/index.ts";
import { pageContext } from "#server/page-context.ts";
import { useT } from "#app/lib/i18n.tsx";
import { CertificateStatusBadge } from "#app/features/certificates/status-badge.tsx";
import type { Route } from "./+types/verify.ts";

export function meta({ matches }: Route.MetaArgs) {
  const root = matches[0]?.loaderData;
  const t = translator(root?.lang ?? "en");
  return [
    { title: `${t("certificates:verify_title")} · ${root?.school?.name ?? "Studium"}` },
    { name: "robots", content: "noindex" },
    { name: "referrer", content: "no-referrer" },
  ];
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const { services, request: ctx } = context.get(pageContext);
  const certificate = await verifyCertificate(services.db, params.id);
  const zone = ctx.school?.time_zone ?? "UTC";
  const day = (value: string | null) => (value ? formatDate(value, ctx.lang, zone) : null);
  return {
    school: ctx.school?.name ?? "",
    certificate: {
      id: certificate.public_id,
      status: certificate.status,
      student: certificate.student_name,
      course: certificate.course_title,
      issued: day(certificate.issued_at)!,
      expires: day(certificate.expires_at),
      revoked: day(certificate.revoked_at),
    },
  };
}

const notes = {
  valid: "border-emerald-200 bg-emerald-50 text-emerald-900",
  revoked: "border-red-200 bg-red-50 text-red-900",
  expired: "border-amber-200 bg-amber-50 text-amber-900",
} as const;

export default function VerifyCertificate({ loaderData: { certificate: c, school } }: Route.ComponentProps) {
  const t = useT();
  const note =
    c.status === "valid"
      ? t("certificates:verify_valid")
      : t(`certificates:verify_${c.status}`, { date: c.status === "revoked" ? c.revoked : c.expires });
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-10 sm:py-16">
      <article
        aria-labelledby="certificate-title"
        className="flex flex-col gap-5 rounded-xl bg-white p-6 shadow-sm ring-1 ring-gray-200 sm:p-8"
      >
        <div className="flex items-start gap-3">
          <BadgeCheck aria-hidden className="mt-1 size-7 shrink-0 text-brand-600" />
          <div className="min-w-0">
            <h1 id="certificate-title" className="text-2xl font-bold">
              {t("certificates:verify_title")}
            </h1>
            <p className="text-sm break-all text-muted">{t("certificates:verify_heading", { id: c.id })}</p>
          </div>
        </div>
        <div className="flex flex-col gap-3">
          <CertificateStatusBadge status={c.status} />
          <p role="status" className={`rounded-md border px-3 py-3 text-sm ${notes[c.status]}`}>
            {note}
          </p>
        </div>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-[auto_1fr]">
          <dt className="text-sm text-muted">{t("certificates:student")}</dt>
          <dd className="text-lg font-semibold break-words" data-testid="certificate-student">
            {c.student}
          </dd>
          <dt className="text-sm text-muted">{t("certificates:course")}</dt>
          <dd className="font-medium break-words">{c.course}</dd>
          <dt className="text-sm text-muted">{t("certificates:issued")}</dt>
          <dd>{c.issued}</dd>
          <dt className="text-sm text-muted">{t("certificates:expires")}</dt>
          <dd>{c.expires ?? t("certificates:no_expiry")}</dd>
        </dl>
        <p className="text-sm text-muted">{t("certificates:issued_by", { school })}</p>
      </article>
    </div>
  );
}
