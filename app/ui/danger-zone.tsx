// The red-edged panel at the foot of an edit page that holds its irreversible action (deleting the course, the
// product, the topic, the article): a heading, what the action takes with it, then the action itself.
import type { ReactNode } from "react";

export function DangerZone({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  return (
    <section aria-labelledby="danger-zone" className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-red-200 sm:p-8">
      <h2 id="danger-zone" className="text-lg font-semibold text-red-800">
        {title}
      </h2>
      <p className="mt-1 text-sm text-muted">{text}</p>
      {children}
    </section>
  );
}
