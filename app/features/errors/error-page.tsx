// The error pages (403, 404, 409, 422, 429, 500, 503...), in the page's language, with no internals. The caller
// puts it in its frame: the public look (app/features/layout/public-shell.tsx), the admin area, or the bare root
// boundary. A 4xx AppError's own message replaces the general text when it says more (server/http/page-errors.ts).
import { useEffect } from "react";
import { Link } from "react-router";
import { useT } from "#app/lib/i18n.tsx";
import { errorTexts, pageError } from "./error-texts.ts";

export function ErrorPage({ error }: { error: unknown }) {
  const t = useT();
  const { status, message } = pageError(error);
  const { title, text } = errorTexts(status);
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <div className="mx-auto flex min-h-[70vh] max-w-xl flex-col items-center justify-center gap-4 px-6 text-center">
      <p className="text-sm font-semibold tracking-wide text-brand-700">{t("errors:status", { status })}</p>
      <h1 className="text-3xl font-bold break-words">{t(title)}</h1>
      <p className="text-muted">{message ?? t(text)}</p>
      <Link to="/" className="font-semibold text-brand-700 underline underline-offset-4">
        {t("errors:go_home")}
      </Link>
    </div>
  );
}
