// /home/jobs: the background queue as the owner sees it: how many jobs wait, run, are done or failed; the
// failed ones with their last error and a 'Retry' button (POST /home/jobs/:id/retry); the waiting ones.
import { useLocation, useRevalidator } from "react-router";
import { clsx } from "clsx";
import { getJobQueue } from "#core/admin/get-job-queue.ts";
import { jobStatuses } from "#platform/jobs/statuses.ts";
import { formatDateTime } from "#platform/i18n/format.ts";
import { api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { CsrfField } from "#app/features/accounts/csrf-field.tsx";
import { errorKeyFromQuery } from "#app/features/accounts/form-error-from-query.ts";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import { Button } from "#app/ui/button.tsx";
import { FormAlert } from "#app/ui/field.tsx";
import { toast } from "#app/ui/toast.tsx";
import { pageContext } from "#server/page-context.ts";
import type { Route } from "./+types/jobs.ts";
import { type Column, DataTable } from "#app/ui/data-table.tsx";
import { EmptyState } from "#app/ui/empty-state.tsx";

const LIST_LIMIT = 50;

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches[0]?.loaderData, "jobs:jobs_title");
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services, request: ctx } = context.get(pageContext);
  const { counts, failed, pending } = await getJobQueue(services.db, ctx.actor, { limit: LIST_LIMIT });
  const date = (value: string) => formatDateTime(value, ctx.lang, ctx.school?.time_zone);
  return {
    counts,
    failed: failed.map((j) => ({
      id: j.id,
      type: j.type,
      attempts: j.attempts,
      maxAttempts: j.max_attempts,
      error: j.last_error ?? "",
      date: date(j.updated_at),
    })),
    pending: pending.map((j) => ({
      id: j.id,
      type: j.type,
      attempts: j.attempts,
      maxAttempts: j.max_attempts,
      error: j.last_error ?? "",
      runAt: date(j.run_at),
    })),
  };
}

const statusStyle = {
  pending: "text-ink",
  running: "text-brand-700",
  done: "text-emerald-700",
  failed: "text-red-700",
} as const;

function useTypeLabel() {
  const t = useT();
  return (type: string) => t(`jobs:type_${type.replace(/[^a-z0-9]/gi, "_")}`, { defaultValue: type });
}

function RetryButton({ id }: { id: number }) {
  const t = useT();
  const revalidator = useRevalidator();
  const url = `/home/jobs/${id}/retry`;
  return (
    // A plain form before hydration (the server answers it with a redirect back here); the API call after.
    <form
      method="post"
      action={url}
      onSubmit={async (event) => {
        event.preventDefault();
        try {
          await api("POST", url, {}, { handled: [409] });
          toast.success(t("jobs:retried"));
        } catch (error) {
          // 409: it is no longer failed (retried elsewhere); the reload below shows where it is.
          if ((error as { status?: number }).status !== 409) return;
        }
        await revalidator.revalidate();
      }}
    >
      <CsrfField />
      <Button type="submit" variant="secondary" aria-label={t("jobs:retry_label", { id })}>
        {t("jobs:retry")}
      </Button>
    </form>
  );
}

export default function JobsPage({ loaderData: d }: Route.ComponentProps) {
  const t = useT();
  const typeLabel = useTypeLabel();
  const location = useLocation();
  const error = errorKeyFromQuery(location.search);
  const retried = new URLSearchParams(location.search).has("retried");
  // The columns both job tables share.
  type Job = { type: string; attempts: number; maxAttempts: number };
  const typeColumn: Column<Job> = {
    key: "type",
    header: t("jobs:col_type"),
    className: "font-medium whitespace-nowrap",
    cell: (job) => typeLabel(job.type),
  };
  const attemptsColumn: Column<Job> = {
    key: "attempts",
    header: t("jobs:col_attempts"),
    className: "whitespace-nowrap tabular-nums",
    cell: (job) => t("jobs:attempts_of", { attempts: job.attempts, max: job.maxAttempts }),
  };
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">{t("jobs:jobs_title")}</h1>
        <p className="mt-1 text-muted">{t("jobs:jobs_intro")}</p>
      </div>
      <FormAlert message={error ? t(error) : undefined} />
      {retried && !error && (
        <p
          role="status"
          className="rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-800"
        >
          {t("jobs:retried")}
        </p>
      )}

      <section aria-labelledby="job-counts">
        <h2 id="job-counts" className="sr-only">
          {t("jobs:counts")}
        </h2>
        <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          {jobStatuses.map((status) => (
            <div
              key={status}
              data-status={status}
              className={clsx(
                "rounded-xl bg-white p-5 shadow-sm ring-1",
                status === "failed" && d.counts.failed > 0 ? "ring-red-300" : "ring-gray-200",
              )}
            >
              <dt className="text-sm font-medium text-muted">{t(`jobs:status_${status}`)}</dt>
              <dd className={clsx("mt-1 text-3xl font-bold tabular-nums", statusStyle[status])}>{d.counts[status]}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="failed-jobs" className="rounded-xl bg-white shadow-sm ring-1 ring-gray-200">
        <h2 id="failed-jobs" className="px-5 pt-5 text-lg font-semibold">
          {t("jobs:failed_title")}
        </h2>
        {d.failed.length === 0 ? (
          <EmptyState plain text={t("jobs:failed_empty")} className="p-5" />
        ) : (
          <div className="mt-3">
            <DataTable
              caption={t("jobs:failed_title")}
              rows={d.failed}
              rowKey={(job) => job.id}
              rowProps={(job) => ({ "data-job-id": job.id })}
              columns={[
                typeColumn,
                attemptsColumn,
                {
                  key: "error",
                  header: t("jobs:col_error"),
                  className: "max-w-md font-mono text-xs break-words text-red-800",
                  cell: (job) => job.error,
                },
                {
                  key: "date",
                  header: t("jobs:col_date"),
                  className: "whitespace-nowrap text-muted",
                  cell: (job) => job.date,
                },
                {
                  key: "action",
                  header: <span className="sr-only">{t("jobs:col_action")}</span>,
                  align: "right",
                  cell: (job) => <RetryButton id={job.id} />,
                },
              ]}
            />
            {d.counts.failed > d.failed.length && (
              <p className="px-5 pb-4 text-sm text-muted">{t("jobs:showing_first", { count: d.failed.length })}</p>
            )}
          </div>
        )}
      </section>

      <section aria-labelledby="pending-jobs" className="rounded-xl bg-white shadow-sm ring-1 ring-gray-200">
        <h2 id="pending-jobs" className="px-5 pt-5 text-lg font-semibold">
          {t("jobs:pending_title")}
        </h2>
        {d.pending.length === 0 ? (
          <EmptyState plain text={t("jobs:pending_empty")} className="p-5" />
        ) : (
          <div className="mt-3">
            <DataTable
              caption={t("jobs:pending_title")}
              rows={d.pending}
              rowKey={(job) => job.id}
              rowProps={(job) => ({ "data-job-id": job.id })}
              columns={[
                typeColumn,
                attemptsColumn,
                {
                  key: "run_at",
                  header: t("jobs:col_run_at"),
                  className: "whitespace-nowrap text-muted",
                  cell: (job) => job.runAt,
                },
                {
                  key: "error",
                  header: t("jobs:col_error"),
                  className: "max-w-md font-mono text-xs break-words text-muted",
                  cell: (job) => job.error,
                },
              ]}
            />
            {d.counts.pending > d.pending.length && (
              <p className="px-5 pb-4 text-sm text-muted">{t("jobs:showing_first", { count: d.pending.length })}</p>
            )}
          </div>
        )}
      </section>
    </div>
  );
}
