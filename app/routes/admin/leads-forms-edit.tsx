// /home/leads/forms/{id} (issue 16, item 4): a lead form's editor with its live preview, which sends real leads,
// and the form's deletion with its leads.
import { Link } from "react-router";
import { getLeadForm } from "#core/leads/save-lead-form.ts";
import { pageContext } from "#server/page-context.ts";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import { DeleteLeadForm } from "#app/features/leads/delete-lead-form.tsx";
import { LeadFormEditor } from "#app/features/leads/lead-form-editor.tsx";
import { useT } from "#app/lib/i18n.tsx";
import type { Route } from "./+types/leads-forms-edit.ts";

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches[0]?.loaderData, "leads:edit_form");
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const { services, request: ctx } = context.get(pageContext);
  return { form: await getLeadForm(services.db, ctx.actor, params.id) };
}

export default function EditLeadFormPage({ loaderData: { form } }: Route.ComponentProps) {
  const t = useT();
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <div>
        <p className="text-sm">
          <Link to="/home/leads/forms" className="text-brand-700 underline underline-offset-4">
            {t("leads:forms_title")}
          </Link>
        </p>
        <h1 className="text-2xl font-bold sm:text-3xl">{t("leads:edit_form")}</h1>
      </div>
      <LeadFormEditor
        key={form.id}
        initial={{
          id: form.id,
          name: form.name,
          fields: form.fields,
          hidden_fields: form.hidden_fields,
          options: form.options,
          consent_text: form.consent?.text ?? "",
          consent_version: form.consent?.version ?? null,
          tags: form.tags.join(", "),
          double_opt_in: form.double_opt_in,
        }}
      />
      <DeleteLeadForm form={form} />
    </div>
  );
}
