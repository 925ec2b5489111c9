// One action of an admin list's row (the moderation queue, the team): a plain form posting its fields to `url`,
// which works before hydration (the server answers with a 303 back to the page); with the script, it is sent by
// the api wrapper, a toast says it is done, and the page's data is read again.
import type { ReactNode } from "react";
import { useRevalidator } from "react-router";
import { api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { CsrfField } from "#app/features/accounts/csrf-field.tsx";
import { toast } from "#app/ui/toast.tsx";

export function ActionForm({
  url,
  fields = {},
  toastKey,
  children,
  className,
}: {
  url: string;
  fields?: Record<string, string | number>;
  toastKey: string;
  children: ReactNode;
  className?: string;
}) {
  const t = useT();
  const revalidator = useRevalidator();
  return (
    <form
      method="post"
      action={url}
      className={className}
      onSubmit={async (event) => {
        event.preventDefault();
        const data = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
        delete data._csrf;
        try {
          await api("POST", url, { ...fields, ...data });
          toast.success(t(toastKey));
        } catch {
          // the api wrapper has said what went wrong
        }
        await revalidator.revalidate();
      }}
    >
      <CsrfField />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </form>
  );
}
