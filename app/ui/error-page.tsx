// The 404 and 500 pages, in the page's language, with no internals. The caller puts it in a <main>: the
// public look (app/features/layout/public-shell.tsx), the admin area, or the bare root boundary.
import { useEffect } from "react";
import { Link } from "react-router";
import { useT } from "#app/lib/i18n.tsx";

export function ErrorPage({ status }: { status: number }) {
  const t = useT();
  const notFound = status === 404;
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <div className="mx-auto flex min-h-[70vh] max-w-xl flex-col items-center justify-center gap-4 px-6 text-center">
      <p className="text-sm font-semibold tracking-wide text-brand-700">{t("errors:status", { status })}</p>
      <h1 className="text-3xl font-bold">{notFound ? t("errors:not_found") : t("errors:internal")}</h1>
      <p className="text-muted">{notFound ? t("errors:not_found_text") : t("errors:internal_text")}</p>
      <Link to="/" className="font-semibold text-brand-700 underline underline-offset-4">
        {t("errors:go_home")}
      </Link>
    </div>
  );
}
