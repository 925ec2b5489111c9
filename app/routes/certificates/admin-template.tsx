// /home/courses/:courseId/certificate: the course's certificate template and the certificates issued for it
// (issue 17, item 3). Admins only (the admin area's layout and canManageCertificates).
import { Link, useRevalidator } from "react-router";
import { ArrowLeft } from "lucide-react";
import { getCertificateAdmin } from "#core/certificates/get-certificate-admin.ts";
import { formatDate } from "#platform/i18n/format.ts";
import { pageContext } from "#server/page-context.ts";
import { useT } from "#app/lib/i18n.tsx";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import { CertificateTemplateForm } from "#app/features/certificates/template-form.tsx";
import { IssuedCertificates } from "#app/features/certificates/issued-list.tsx";
import type { Route } from "./+types/admin-template.ts";

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const tags = adminMeta(matches[0]?.loaderData, "certificates:template");
  if (!loaderData) return tags;
  const school = matches[0]?.loaderData?.school?.name ?? "Studium";
  return [{ title: `${loaderData.view.course.title} · ${school}` }, ...tags.slice(1)];
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const { services, request: ctx } = context.get(pageContext);
  const view = await getCertificateAdmin(services.db, ctx.actor, params.courseId);
  const zone = ctx.school?.time_zone ?? "UTC";
  return {
    view,
    rows: view.certificates.map((row) => ({ ...row, issued: formatDate(row.issued_at, ctx.lang, zone) })),
  };
}

export default function CertificateAdminPage({ loaderData: { view, rows } }: Route.ComponentProps) {
  const t = useT();
  const revalidator = useRevalidator();
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <Link
        to={`/home/courses/${view.course.id}`}
        className="inline-flex items-center gap-1 self-start text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
      >
        <ArrowLeft aria-hidden className="size-4" />
        {view.course.title}
      </Link>
      <h1 className="text-2xl font-bold break-words sm:text-3xl">
        {t("certificates:admin_title", { course: view.course.title })}
      </h1>
      <div className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200 sm:p-8">
        <CertificateTemplateForm key={view.course.id} view={view} />
      </div>
      <div className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200 sm:p-8">
        <IssuedCertificates rows={rows} onChanged={() => void revalidator.revalidate()} />
      </div>
    </div>
  );
}
