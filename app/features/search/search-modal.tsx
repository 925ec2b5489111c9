// The search modal (spec §2, §4, §5, §8, §9): a button in the public header opens a dialog whose search box is
// focused. Typing is debounced 500 ms, then POST /search {q}. An empty box clears the results; otherwise a
// spinner shows, then the results as cards (cover image or a placeholder, title linking to /{slug}) or 'No
// results this time. Please try again.'; the spinner is hidden 100 ms after the answer. A 422 shows the first q
// error and clears the results; any other failure clears them silently.
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { Loader2, Search } from "lucide-react";
import type { SearchResultCourse } from "#core/search/search-courses.ts";
import { ApiError, api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { CoverImage } from "#app/features/catalog/course-card.tsx";
import { Dialog } from "#app/ui/dialog.tsx";

export const SEARCH_DEBOUNCE_MS = 500;
export const SPINNER_HIDE_DELAY_MS = 100;

type Results = { query: string; courses: SearchResultCourse[] } | null;

/** The search state machine, apart from the dialog: debounced calls, the spinner, results and the q error. */
function useCourseSearch() {
  const [query, setQueryText] = useState("");
  const [results, setResults] = useState<Results>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const latest = useRef(0);
  const debounceTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const spinnerTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  function setQuery(next: string) {
    setQueryText(next);
    const call = ++latest.current;
    clearTimeout(debounceTimer.current);
    clearTimeout(spinnerTimer.current);
    if (next.trim() === "") {
      setResults(null);
      setError(null);
      setLoading(false);
      return;
    }
    setLoading(true);
    debounceTimer.current = setTimeout(async () => {
      let found: Results = null;
      let qError: string | null = null;
      try {
        const data = await api<{ courses: SearchResultCourse[] }>("POST", "/search", { q: next }, { silent: true });
        found = { query: next, courses: data.courses };
      } catch (failure) {
        if (failure instanceof ApiError && failure.status === 422) qError = failure.errors.q?.[0] ?? failure.message;
      }
      // A newer query (or a cleared box) has taken over: this answer is stale.
      if (call !== latest.current) return;
      setResults(found);
      setError(qError);
      spinnerTimer.current = setTimeout(() => {
        if (call === latest.current) setLoading(false);
      }, SPINNER_HIDE_DELAY_MS);
    }, SEARCH_DEBOUNCE_MS);
  }

  useEffect(
    () => () => {
      clearTimeout(debounceTimer.current);
      clearTimeout(spinnerTimer.current);
    },
    [],
  );
  return { query, setQuery, results, error, loading };
}

function SearchPanel({ onNavigate }: { onNavigate: () => void }) {
  const t = useT();
  const id = useId();
  const { query, setQuery, results, error, loading } = useCourseSearch();
  const count = results?.courses.length ?? 0;
  const status = loading
    ? t("search:loading")
    : results
      ? count
        ? t("search:found", { count })
        : t("search:no_results")
      : "";
  return (
    <>
      <div className="relative">
        <label htmlFor={`${id}-q`} className="sr-only">
          {t("search:label")}
        </label>
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-muted"
        />
        <input
          id={`${id}-q`}
          type="search"
          name="q"
          autoComplete="off"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={t("search:placeholder")}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="min-h-12 w-full rounded-lg border border-gray-300 bg-white py-2 pr-11 pl-10 text-base text-ink shadow-sm focus:border-brand-600"
          data-testid="search-input"
        />
        {loading && (
          <Loader2
            aria-hidden
            data-testid="search-spinner"
            className="absolute top-1/2 right-3 size-5 -translate-y-1/2 animate-spin text-brand-600"
          />
        )}
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-2 text-sm text-red-700" data-field-error="q">
          {error}
        </p>
      )}
      <p role="status" className="sr-only">
        {status}
      </p>
      {results && count === 0 && !loading && (
        <p className="mt-6 text-center text-muted" data-testid="search-empty">
          {t("search:no_results")}
        </p>
      )}
      {results && count > 0 && (
        <ul className="mt-4 grid gap-3 sm:grid-cols-2" data-testid="search-results">
          {results.courses.map((course) => (
            <li key={course.id}>
              <article className="relative flex items-center gap-3 overflow-hidden rounded-lg bg-white p-2 ring-1 ring-gray-200 focus-within:ring-2 focus-within:ring-brand-600 hover:bg-gray-50">
                <CoverImage
                  src={course.cover_photo}
                  className="aspect-video w-24 shrink-0 rounded-md bg-brand-50 object-cover"
                />
                <h3 className="min-w-0 text-sm font-semibold break-words">
                  <Link
                    to={`/${course.slug}`}
                    onClick={onNavigate}
                    className="after:absolute after:inset-0 focus:outline-none"
                  >
                    {course.title}
                  </Link>
                </h3>
              </article>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export function SearchModal() {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      placement="top"
      title={t("search:title")}
      onOpenAutoFocus={(event) => {
        // The search box, not the close button, gets the focus (spec §2: focused on show).
        event.preventDefault();
        (event.currentTarget as HTMLElement | null)?.querySelector("input")?.focus();
      }}
      trigger={
        <button
          type="button"
          aria-label={t("search:open_label")}
          className="inline-flex min-h-10 items-center gap-2 rounded-md px-3 py-2 text-sm font-semibold text-ink hover:bg-gray-100"
          data-testid="search-open"
        >
          <Search aria-hidden className="size-5" />
          <span className="hidden sm:inline">{t("search:open")}</span>
        </button>
      }
    >
      <SearchPanel onNavigate={() => setOpen(false)} />
    </Dialog>
  );
}
