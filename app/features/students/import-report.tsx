// A bulk import's progress and its report line by line. While the job runs, the page asks
// GET /home/students/imports/{id} every second and shows what it says; it stops when the import is done.
import { useEffect, useState } from "react";
import type { ImportProgress } from "#core/students/get-import.ts";
import { api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { Badge, type BadgeTone } from "#app/ui/badge.tsx";
import { DataTable } from "#app/ui/data-table.tsx";

const POLL_MS = 1000;

const tones: Record<string, BadgeTone> = {
  invalid: "danger",
  duplicate: "warning",
  not_student: "warning",
  has_access: "neutral",
  created: "success",
  existing: "success",
  pending: "neutral",
};

function Outcome({ outcome }: { outcome: string | null }) {
  const t = useT();
  const key = outcome ?? "pending";
  return <Badge tone={tones[key]}>{t(`students:outcome_${key}`)}</Badge>;
}

export function ImportReport({ initial }: { initial: ImportProgress }) {
  const t = useT();
  const [progress, setProgress] = useState(initial);
  const done = progress.status === "done";
  useEffect(() => {
    if (done) return;
    let stopped = false;
    const timer = setInterval(() => {
      api<ImportProgress>("GET", `/home/students/imports/${progress.id}`)
        .then((next) => {
          if (!stopped) setProgress(next);
        })
        .catch(() => {
          // the api wrapper has said what went wrong; the next tick asks again
        });
    }, POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [done, progress.id]);

  return (
    <section aria-labelledby="import-report" className="flex flex-col gap-3">
      <h2 id="import-report" className="text-lg font-semibold">
        {t("students:report")}
      </h2>
      <div role="status" className="flex flex-col gap-2">
        <p className="font-semibold">{t(done ? "students:import_done" : "students:import_running")}</p>
        <p className="text-sm text-muted">
          {t("students:import_progress", { processed: progress.processed, total: progress.total })}
        </p>
        <progress
          className="h-2 w-full accent-brand-600"
          max={Math.max(1, progress.total)}
          value={progress.processed}
          aria-label={t("students:import_progress", { processed: progress.processed, total: progress.total })}
        />
      </div>
      <DataTable
        framed
        caption={t("students:report")}
        rows={progress.report}
        rowKey={(row) => row.line}
        rowProps={(row) => ({ "data-line": row.line, "data-outcome": row.outcome ?? "pending" })}
        columns={[
          { key: "line", header: t("students:report_line"), className: "w-12 tabular-nums", cell: (row) => row.line },
          {
            key: "email",
            header: t("students:report_email"),
            className: "break-words",
            cell: (row) => (
              <>
                <span className="break-all">{row.email}</span>
                {row.name && <p className="text-xs text-muted">{row.name}</p>}
                <p className="mt-1 sm:hidden">
                  <Outcome outcome={row.outcome} />
                </p>
              </>
            ),
          },
          {
            key: "outcome",
            header: t("students:report_outcome"),
            className: "hidden sm:table-cell",
            cell: (row) => <Outcome outcome={row.outcome} />,
          },
        ]}
      />
    </section>
  );
}
