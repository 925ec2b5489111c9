// The student's private note on a lecture (POST /lecture/{id}/notes): saved a moment after typing stops and
// when the box loses focus, one save at a time, with 'Saved' shown once the server has it.
import { useEffect, useEffectEvent, useId, useRef, useState } from "react";
import { NOTE_MAX_LENGTH } from "#core/learning/schemas.ts";
import { api, ApiError } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";

const AUTOSAVE_MS = 800;

type Status = "idle" | "saving" | "saved" | "error";

export function NoteBox({ lectureId, initialNote }: { lectureId: number; initialNote: string }) {
  const t = useT();
  const id = useId();
  const [note, setNote] = useState(initialNote);
  const [status, setStatus] = useState<Status>("idle");
  const [error, setError] = useState<string | undefined>();
  const saved = useRef(initialNote);
  const latest = useRef(initialNote);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const mounted = useRef(true);

  function save() {
    clearTimeout(timer.current);
    timer.current = undefined;
    const value = latest.current;
    if (value === saved.current) return;
    if (mounted.current) setStatus("saving");
    // One save at a time, in typing order: a slow early save never overwrites a later one.
    queue.current = queue.current.then(async () => {
      if (value === saved.current) return;
      try {
        await api("POST", `/lecture/${lectureId}/notes`, { note: value });
        saved.current = value;
        if (!mounted.current) return;
        setError(undefined);
        if (latest.current === value) setStatus("saved");
      } catch (caught) {
        if (!mounted.current) return;
        setStatus("error");
        setError(
          caught instanceof ApiError && caught.status === 422 ? (caught.errors.note?.[0] ?? caught.message) : undefined,
        );
      }
    });
  }

  // Leaving the lecture (previous / next) keeps what was typed last.
  const flush = useEffectEvent(() => {
    if (timer.current !== undefined) save();
  });
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      flush();
    };
  }, []);

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-lg border border-gray-200 bg-white p-4 sm:p-6">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          <label htmlFor={`${id}-note`}>{t("learning:notes_title")}</label>
        </h2>
        <p role="status" className="text-sm font-medium" data-testid="note-status">
          {status === "saving" && <span className="text-muted">{t("learning:note_saving")}</span>}
          {status === "saved" && <span className="text-emerald-700">{t("learning:note_saved")}</span>}
          {status === "error" && <span className="text-red-700">{t("learning:note_not_saved")}</span>}
        </p>
      </div>
      <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
        {t("learning:notes_hint")}
      </p>
      <textarea
        id={`${id}-note`}
        name="note"
        rows={5}
        maxLength={NOTE_MAX_LENGTH}
        value={note}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
        aria-invalid={error ? true : undefined}
        onChange={(event) => {
          setNote(event.target.value);
          latest.current = event.target.value;
          setStatus("idle");
          clearTimeout(timer.current);
          timer.current = setTimeout(save, AUTOSAVE_MS);
        }}
        onBlur={save}
        className="mt-3 w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-base text-ink shadow-sm sm:text-sm"
      />
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </section>
  );
}
