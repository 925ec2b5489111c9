// /home/leads/forms/new (issue 16, item 4): the editor for a new lead form; saved, it opens the form's own page.
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import { emptyLeadForm, LeadFormEditor } from "#app/features/leads/lead-form-editor.tsx";
import { useT } from "#app/lib/i18n.tsx";
import type { Route } from "./+types/leads-forms-new.ts";

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches[0]?.loaderData, "leads:new_form");
}

export default function NewLeadFormPage() {
  const t = useT();
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("leads:new_form")}</h1>
      <LeadFormEditor initial={emptyLeadForm(t)} />
    </div>
  );
}
