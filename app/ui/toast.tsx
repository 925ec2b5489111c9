// Toasts: short messages in a polite live region, gone after a few seconds. Any code may call toast.*.
import { useSyncExternalStore } from "react";
import { CheckCircle2, X, XCircle } from "lucide-react";

type Toast = { id: number; kind: "error" | "success" | "info"; text: string };
let nextId = 1;
let items: Toast[] = [];
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

function push(kind: Toast["kind"], text: string, ms = 5000) {
  const id = nextId++;
  items = [...items, { id, kind, text }];
  emit();
  setTimeout(() => dismiss(id), ms);
}

function dismiss(id: number) {
  items = items.filter((t) => t.id !== id);
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
const currentToasts = () => items;
const none: Toast[] = [];
const noToasts = () => none;

export const toast = {
  error: (text: string) => push("error", text),
  success: (text: string) => push("success", text),
  info: (text: string) => push("info", text),
};

export function Toaster({ closeLabel }: { closeLabel: string }) {
  // A store outside React: toasts raised before this mounted (a page's effects run before the root's) show too.
  const list = useSyncExternalStore(subscribe, currentToasts, noToasts);
  return (
    <div
      aria-live="polite"
      role="status"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex flex-col items-center gap-2 px-4"
    >
      {list.map((t) => (
        <div
          key={t.id}
          data-testid={`toast-${t.kind}`}
          className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg px-4 py-3 text-sm shadow-lg ${
            t.kind === "error"
              ? "bg-red-700 text-white"
              : t.kind === "success"
                ? "bg-emerald-700 text-white"
                : "bg-gray-900 text-white"
          }`}
        >
          {t.kind === "error" ? (
            <XCircle aria-hidden className="size-5 shrink-0" />
          ) : (
            <CheckCircle2 aria-hidden className="size-5 shrink-0" />
          )}
          <span className="flex-1">{t.text}</span>
          <button
            type="button"
            onClick={() => dismiss(t.id)}
            aria-label={closeLabel}
            className="rounded p-0.5 hover:bg-white/20"
          >
            <X aria-hidden className="size-4" />
          </button>
        </div>
      ))}
    </div>
  );
}
