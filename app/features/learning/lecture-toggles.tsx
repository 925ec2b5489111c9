// 'Mark as complete' and the star of a lecture (POST /lecture/{id}/complete and /star): toggle buttons whose
// pressed state is what the server answered. The label says the state a sighted student looks for ("Completed",
// "Starred"); the pressed state tells a screen reader the same, and pressing again undoes it.
import { useState } from "react";
import { clsx } from "clsx";
import { CheckCircle2, Circle, Star } from "lucide-react";
import { api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";

const toggleClass =
  "inline-flex min-h-10 items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-semibold ring-1 transition-colors disabled:cursor-wait";

export function CompleteToggle({
  lectureId,
  completed,
  onChange,
}: {
  lectureId: number;
  completed: boolean;
  onChange: (result: { completed: boolean; progress: number }) => void;
}) {
  const t = useT();
  const [pending, setPending] = useState(false);
  async function toggle() {
    setPending(true);
    try {
      onChange(await api<{ completed: boolean; progress: number }>("POST", `/lecture/${lectureId}/complete`));
    } catch {
      // the api wrapper has shown the message
    } finally {
      setPending(false);
    }
  }
  return (
    <button
      type="button"
      aria-pressed={completed}
      disabled={pending}
      onClick={toggle}
      className={clsx(
        toggleClass,
        completed
          ? "bg-emerald-700 text-white ring-emerald-700 hover:bg-emerald-800"
          : "bg-white text-ink ring-gray-300 hover:bg-gray-50",
      )}
    >
      {completed ? <CheckCircle2 aria-hidden className="size-4" /> : <Circle aria-hidden className="size-4" />}
      {t(completed ? "learning:completed_toggle" : "learning:mark_complete")}
    </button>
  );
}

export function StarToggle({ lectureId, initialStarred }: { lectureId: number; initialStarred: boolean }) {
  const t = useT();
  const [starred, setStarred] = useState(initialStarred);
  const [pending, setPending] = useState(false);
  async function toggle() {
    setPending(true);
    try {
      const result = await api<{ starred: boolean }>("POST", `/lecture/${lectureId}/star`);
      setStarred(result.starred);
    } catch {
      // the api wrapper has shown the message
    } finally {
      setPending(false);
    }
  }
  return (
    <button
      type="button"
      aria-pressed={starred}
      disabled={pending}
      onClick={toggle}
      className={clsx(
        toggleClass,
        starred
          ? "bg-amber-50 text-amber-900 ring-amber-400 hover:bg-amber-100"
          : "bg-white text-ink ring-gray-300 hover:bg-gray-50",
      )}
    >
      <Star aria-hidden className={clsx("size-4", starred && "fill-amber-400 text-amber-600")} />
      {t(starred ? "learning:starred" : "learning:star")}
    </button>
  );
}
