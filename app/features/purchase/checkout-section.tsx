// One numbered part of the checkout form: a white card with its heading, like the sales page's boxes.
import { type ReactNode, useId } from "react";

export function CheckoutSection({
  step,
  title,
  children,
  aside,
}: {
  step?: number;
  title: string;
  children: ReactNode;
  aside?: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200 sm:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={id} className="flex items-center gap-3 text-lg font-semibold">
          {step !== undefined && (
            <span
              aria-hidden
              className="inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-50 text-sm font-bold text-brand-700 ring-1 ring-brand-100"
            >
              {step}
            </span>
          )}
          {title}
        </h2>
        {aside}
      </div>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** Errors of a group of radio cards (a fieldset), below it. */
export function GroupError({ id, name, errors }: { id: string; name: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <p id={id} className="mt-2 text-sm text-red-700" data-field-error={name}>
      {errors.join(" ")}
    </p>
  );
}
