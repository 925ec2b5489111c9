// One action on a team member (/home/team): a plain form posting to /home/team/{id}/{action} that works before
// hydration (a 303 back to the page) and, with the script, stays on the page with a toast.
import type { ReactNode } from "react";
import { useRevalidator } from "react-router";
import { api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { CsrfField } from "#app/features/accounts/csrf-field.tsx";
import { toast } from "#app/ui/toast.tsx";

export function MemberActionForm({
  memberId,
  action,
  toastKey,
  children,
}: {
  memberId: number;
  action: "role" | "remove";
  toastKey: string;
  children: ReactNode;
}) {
  const t = useT();
  const revalidator = useRevalidator();
  const url = `/home/team/${memberId}/${action}`;
  return (
    <form
      method="post"
      action={url}
      className="flex flex-wrap items-end gap-2"
      onSubmit={async (event) => {
        event.preventDefault();
        const data = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
        delete data._csrf;
        try {
          await api("POST", url, data);
          toast.success(t(toastKey));
        } catch {
          // the api wrapper has said what went wrong
        }
        await revalidator.revalidate();
      }}
    >
      <CsrfField />
      {children}
    </form>
  );
}
