// One titled part of an editor form (basics, price, access...). The course editor's form sits under the page's
// tabs, so its parts are h3; the product editor's are h2.
import { type ReactNode, useId } from "react";

export function FormSection({ title, level = 2, children }: { title: string; level?: 2 | 3; children: ReactNode }) {
  const id = useId();
  const Heading = level === 3 ? "h3" : "h2";
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-5 border-t border-gray-200 px-5 py-6 first-of-type:border-t-0 sm:px-8"
    >
      <Heading id={id} className="text-lg font-semibold">
        {title}
      </Heading>
      {children}
    </section>
  );
}
