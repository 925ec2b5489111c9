// A student's tags on their page in the admin area: each with a button that takes it away
// (DELETE /home/students/{id}/tags/{tagId}), and a form that gives one by name (POST /home/students/{id}/tags),
// an existing tag or a new one, public (the student sees it) or private. Before hydration both are plain forms.
import { useRef } from "react";
import { useRevalidator } from "react-router";
import { Plus, X } from "lucide-react";
import { studentTagSchema } from "#core/students/schemas.ts";
import { api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { useApiForm } from "#app/lib/use-api-form.ts";
import { CsrfField } from "#app/features/accounts/csrf-field.tsx";
import { Button } from "#app/ui/button.tsx";
import { Checkbox, Field, FormAlert } from "#app/ui/field.tsx";
import { EmptyState } from "#app/ui/empty-state.tsx";
import { Panel } from "#app/ui/panel.tsx";
import { toast } from "#app/ui/toast.tsx";
import type { TagOption } from "./tag-choices.tsx";

export function TagsPanel({ studentId, tags, known }: { studentId: number; tags: TagOption[]; known: TagOption[] }) {
  const t = useT();
  const revalidator = useRevalidator();
  const formRef = useRef<HTMLFormElement>(null);
  const url = `/home/students/${studentId}/tags`;
  const form = useApiForm({
    url,
    schema: studentTagSchema,
    toBody: (data) => ({ name: String(data.get("name") ?? ""), public: data.get("public") === "on" }),
    onSuccess: () => {
      toast.success(t("students:tag_added"));
      formRef.current?.reset();
      void revalidator.revalidate();
    },
  });
  async function remove(tagId: number) {
    try {
      await api("DELETE", `${url}/${tagId}`);
      toast.success(t("students:tag_removed"));
      void revalidator.revalidate();
    } catch {
      // the api wrapper has said what went wrong
    }
  }
  return (
    <Panel title={t("students:tags")}>
      {tags.length === 0 ? (
        <EmptyState plain text={t("students:tags_none")} className="text-sm" />
      ) : (
        <ul className="flex flex-wrap gap-2" aria-label={t("students:tags")}>
          {tags.map((tag) => (
            <li
              key={tag.id}
              className={`inline-flex items-center gap-1 rounded-full py-0.5 pr-0.5 pl-3 text-sm ring-1 ring-inset ${
                tag.public
                  ? "bg-brand-50 text-brand-700 ring-brand-600/30"
                  : "bg-gray-100 text-gray-700 ring-gray-500/30"
              }`}
            >
              {tag.name}
              <span className="sr-only"> ({t(tag.public ? "students:public" : "students:private")})</span>
              <form
                method="post"
                action={`${url}/${tag.id}/delete`}
                onSubmit={(e) => (e.preventDefault(), void remove(tag.id))}
              >
                <CsrfField />
                <button
                  type="submit"
                  className="grid size-7 place-items-center rounded-full hover:bg-black/10"
                  aria-label={t("students:tag_remove", { name: tag.name })}
                >
                  <X aria-hidden className="size-3.5" />
                </button>
              </form>
            </li>
          ))}
        </ul>
      )}
      <form
        ref={formRef}
        method="post"
        action={url}
        onSubmit={form.onSubmit}
        noValidate
        className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end"
      >
        <CsrfField />
        <FormAlert message={form.message} />
        <Field
          label={t("students:tag_name")}
          name="name"
          list="known-tags"
          autoComplete="off"
          hint={t("students:tag_name_hint")}
          errors={form.errors.name}
          className="sm:flex-1"
        />
        <datalist id="known-tags">
          {known.map((tag) => (
            <option key={tag.id} value={tag.name} />
          ))}
        </datalist>
        <div className="flex flex-col gap-3 sm:pb-7">
          <Checkbox name="public" label={t("students:tag_public")} />
        </div>
        <Button type="submit" disabled={form.pending} className="self-start sm:mb-7 sm:self-end">
          <Plus aria-hidden className="size-4" />
          {t("students:tag_add")}
        </Button>
      </form>
    </Panel>
  );
}
