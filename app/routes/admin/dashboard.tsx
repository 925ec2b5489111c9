// /home: the admin's overview, counted from the database (core/admin/get-dashboard.ts), and the school's voice of
// the student: the latest survey answers, cancellation reasons and reviews (core/admin/get-student-voice.ts).
import type { ReactNode } from "react";
import { Link } from "react-router";
import {
  BookOpen,
  CreditCard,
  ListChecks,
  Mail,
  Scale,
  ShieldCheck,
  TriangleAlert,
  Users,
  type LucideIcon,
} from "lucide-react";
import { clsx } from "clsx";
import { getDashboard } from "#core/admin/get-dashboard.ts";
import { publishedLegalPages } from "#core/school/get-legal-pages.ts";
import { getStudentVoice } from "#core/admin/get-student-voice.ts";
import { formatDateTime } from "#platform/i18n/format.ts";
import { StudentVoicePanel } from "#app/features/admin/student-voice.tsx";
import { useRootData } from "#app/lib/root-data.ts";
import { useT } from "#app/lib/i18n.tsx";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import { pageContext } from "#server/page-context.ts";
import type { Route } from "./+types/dashboard.ts";

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches[0]?.loaderData, "admin:dashboard_title");
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services, request: ctx } = context.get(pageContext);
  const [figures, providers, voice] = await Promise.all([
    getDashboard(services.db, ctx.actor),
    services.payments.enabled(),
    getStudentVoice(services.db, ctx.actor),
  ]);
  const date = (value: string) => formatDateTime(value, ctx.lang, ctx.school?.time_zone);
  // A new school sells nothing until a payment method is on (the test provider is off in production).
  // Its buyers accept terms at every checkout: the owner is told when there are none to accept (issue 16).
  return {
    ...figures,
    paymentsReady: providers.length > 0,
    hasTerms: publishedLegalPages(ctx.school).terms,
    voice: {
      surveyAnswers: voice.surveyAnswers.map((row) => ({ ...row, date: date(row.responded_at) })),
      cancellations: voice.cancellations.map((row) => ({ ...row, date: date(row.answered_at) })),
      reviews: voice.reviews.map((row) => ({ ...row, date: date(row.created_at) })),
    },
  };
}

function Stat({
  name,
  icon: Icon,
  label,
  value,
  link,
  warn,
}: {
  name: string;
  icon: LucideIcon;
  label: string;
  value: string;
  link?: ReactNode;
  warn?: boolean;
}) {
  return (
    <div
      className={clsx(
        "flex flex-col gap-2 rounded-xl bg-white p-4 shadow-sm ring-1 sm:p-5",
        warn ? "ring-red-300" : "ring-gray-200",
      )}
    >
      <dt className="flex items-start gap-2 text-sm font-medium text-muted">
        <Icon aria-hidden className={clsx("size-5 shrink-0", warn ? "text-red-700" : "text-brand-600")} />
        {label}
      </dt>
      <dd data-stat={name} className={clsx("text-3xl font-bold tabular-nums", warn ? "text-red-700" : "text-ink")}>
        {value}
      </dd>
      {link && <dd className="mt-auto text-sm">{link}</dd>}
    </div>
  );
}

const linkClass = "font-semibold text-brand-700 underline underline-offset-4";

export default function Dashboard({ loaderData: d }: Route.ComponentProps) {
  const t = useT();
  const root = useRootData();
  const number = new Intl.NumberFormat(root?.lang === "pl" ? "pl-PL" : "en-GB");
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">{t("admin:dashboard_title")}</h1>
        <p className="mt-1 text-muted">{t("admin:welcome", { school: root?.school?.name ?? "Studium" })}</p>
      </div>
      {!d.paymentsReady && (
        <div
          role="status"
          data-notice="payments"
          className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
        >
          <CreditCard aria-hidden className="size-5 shrink-0" />
          <span>{t("admin:payments_off_notice")}</span>
          <Link to="/home/integrations" className="font-semibold underline underline-offset-4">
            {t("admin:payments_off_link")}
          </Link>
        </div>
      )}
      {!d.hasTerms && (
        <div
          role="status"
          data-notice="terms"
          className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
        >
          <Scale aria-hidden className="size-5 shrink-0" />
          <span>{t("site:no_terms_notice")}</span>
          <Link to="/home/legal" className="font-semibold underline underline-offset-4">
            {t("site:no_terms_link")}
          </Link>
        </div>
      )}
      {d.failedJobs > 0 && (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
        >
          <TriangleAlert aria-hidden className="size-5 shrink-0" />
          <span>{t("admin:failed_jobs_alert", { count: d.failedJobs })}</span>
          <Link to="/home/jobs" className="font-semibold underline underline-offset-4">
            {t("admin:view_jobs")}
          </Link>
        </div>
      )}
      <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
        <Stat name="students" icon={Users} label={t("admin:stat_students")} value={number.format(d.students)} />
        <Stat name="admins" icon={ShieldCheck} label={t("admin:stat_admins")} value={number.format(d.admins)} />
        <Stat
          name="published_courses"
          icon={BookOpen}
          label={t("admin:stat_published_courses")}
          value={number.format(d.publishedCourses)}
        />
        <Stat
          name="mails_week"
          icon={Mail}
          label={t("admin:stat_mails_week")}
          value={number.format(d.mailsLastWeek)}
          link={
            <Link to="/home/mail" className={linkClass}>
              {t("admin:view_mail")}
            </Link>
          }
        />
        <Stat
          name="failed_jobs"
          icon={ListChecks}
          label={t("admin:stat_failed_jobs")}
          value={number.format(d.failedJobs)}
          warn={d.failedJobs > 0}
          link={
            <Link to="/home/jobs" className={linkClass}>
              {t("admin:view_jobs")}
            </Link>
          }
        />
      </dl>
      <StudentVoicePanel voice={d.voice} />
    </div>
  );
}
