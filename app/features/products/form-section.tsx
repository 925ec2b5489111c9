// One titled part of an editor form (basics, price, access...), as in the course editor.
import { type ReactNode, useId } from "react";

export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-5 border-t border-gray-200 px-5 py-6 first-of-type:border-t-0 sm:px-8"
    >
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
