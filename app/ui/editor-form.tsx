// An editor form's card: the summary alert on top, its parts (form-section.tsx), the submit button at the foot.
import type { FormEvent, ReactNode } from "react";
import { Button } from "./button.tsx";
import { FormAlert } from "./field.tsx";

export function EditorForm({
  label,
  onSubmit,
  message,
  pending,
  submitLabel,
  children,
}: {
  label: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  message: string | undefined;
  pending: boolean;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={label}
      className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-gray-200"
    >
      {message && (
        <div className="px-5 pt-5 sm:px-8 sm:pt-8">
          <FormAlert message={message} />
        </div>
      )}
      {children}
      <div className="border-t border-gray-200 bg-gray-50 px-5 py-4 sm:px-8">
        <Button type="submit" disabled={pending} className="w-full sm:w-auto">
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
