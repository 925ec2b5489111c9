// /my/certificates: every certificate of the student (issue 17, item 3), newest first, with its status, its
// verification page and its PDF (GET /my/certificates/{id}/pdf, server/api/certificates.ts).
import { Award, Download, ExternalLink } from "lucide-react";
import { listMyCertificates } from "#core/certificates/list-my-certificates.ts";
import { formatDate } from "#platform/i18n/format.ts";
import { pageContext } from "#server/page-context.ts";
import { useT } from "#app/lib/i18n.tsx";
import { pageTitle } from "#app/lib/page-title.ts";
import { buttonClass } from "#app/ui/button.tsx";
import { EmptyState } from "#app/ui/empty-state.tsx";
import { CertificateStatusBadge } from "#app/features/certificates/status-badge.tsx";
import type { Route } from "./+types/certificates.ts";

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches[0]?.loaderData, "certificates:my_title");
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services, request: ctx } = context.get(pageContext);
  const zone = ctx.school?.time_zone ?? "UTC";
  const certificates = await listMyCertificates(services.db, ctx.actor);
  return {
    certificates: certificates.map((c) => ({
      id: c.public_id,
      course: c.course_title,
      issued: formatDate(c.issued_at, ctx.lang, zone),
      expires: c.expires_at ? formatDate(c.expires_at, ctx.lang, zone) : null,
      status: c.status,
    })),
  };
}

export default function MyCertificates({ loaderData: { certificates } }: Route.ComponentProps) {
  const t = useT();
  return (
    <section aria-labelledby="certificates-title">
      <h1 id="certificates-title" className="text-2xl font-bold">
        {t("certificates:my_title")}
      </h1>
      {certificates.length === 0 ? (
        <EmptyState className="mt-6" icon={Award} text={t("certificates:my_empty")} />
      ) : (
        <ul className="mt-6 flex flex-col gap-3">
          {certificates.map((c) => (
            <li
              key={c.id}
              data-certificate-id={c.id}
              className="flex flex-col gap-3 rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0">
                <h2 className="font-semibold break-words">{c.course}</h2>
                <dl className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted">
                  <div className="flex gap-1">
                    <dt>{t("certificates:issued")}:</dt>
                    <dd className="text-ink">{c.issued}</dd>
                  </div>
                  {c.expires && (
                    <div className="flex gap-1">
                      <dt>{t("certificates:expires")}:</dt>
                      <dd className="text-ink">{c.expires}</dd>
                    </div>
                  )}
                  <div>
                    <dt className="sr-only">{t("certificates:status")}</dt>
                    <dd>
                      <CertificateStatusBadge status={c.status} />
                    </dd>
                  </div>
                </dl>
              </div>
              <div className="flex shrink-0 flex-wrap items-center gap-3">
                <a href={`/certificates/${c.id}`} className={buttonClass("ghost")}>
                  <ExternalLink aria-hidden className="size-4" />
                  {t("certificates:verify_link")}
                </a>
                <a href={`/my/certificates/${c.id}/pdf`} className={buttonClass("secondary")} download>
                  <Download aria-hidden className="size-4" />
                  {t("certificates:download")}
                  <span className="sr-only">: {c.course}</span>
                </a>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
