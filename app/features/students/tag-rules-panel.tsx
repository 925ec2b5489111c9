// The automatic tags on /home/students (issue 18, item 3): per tag, its rules ("bought the product", "completed the
// course", "left a lead on the form") each with a button that removes it (DELETE
// /home/students/tags/{tagId}/rules/{ruleId}), and a form that adds one (POST /home/students/tags/{tagId}/rules;
// one select names the trigger and target as "trigger:id"). Before hydration both are plain forms.
import { useRevalidator } from "react-router";
import { Plus, X } from "lucide-react";
import type { TagRule, TagRuleTargets } from "#core/students/list-tag-rules.ts";
import { tagRuleTriggers } from "#core/students/schemas.ts";
import { api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { CsrfField } from "#app/features/accounts/csrf-field.tsx";
import { Button } from "#app/ui/button.tsx";
import { EmptyState } from "#app/ui/empty-state.tsx";
import { Panel } from "#app/ui/panel.tsx";
import { toast } from "#app/ui/toast.tsx";
import type { TagOption } from "./tag-choices.tsx";

export function TagRulesPanel({
  tags,
  rules,
  targets,
}: {
  tags: TagOption[];
  rules: TagRule[];
  targets: TagRuleTargets;
}) {
  const t = useT();
  const revalidator = useRevalidator();
  async function send(method: string, url: string, body?: unknown) {
    try {
      await api(method, url, body);
      toast.success(t("students:rules_saved"));
      void revalidator.revalidate();
    } catch {
      // the api wrapper has said what went wrong
    }
  }
  return (
    <Panel title={t("students:rules_title")}>
      <p className="mb-3 text-sm text-muted">{t("students:rules_intro")}</p>
      {tags.length === 0 ? (
        <EmptyState plain text={t("students:rules_none")} className="text-sm" />
      ) : (
        <ul className="flex flex-col gap-4">
          {tags.map((tag) => {
            const base = `/home/students/tags/${tag.id}/rules`;
            const own = rules.filter((rule) => rule.tag_id === tag.id);
            return (
              <li key={tag.id} className="flex flex-col gap-2">
                <span className="font-medium">{tag.name}</span>
                <ul className="flex flex-wrap gap-2" aria-label={tag.name}>
                  {own.map((rule) => (
                    <li
                      key={rule.id}
                      className="inline-flex items-center gap-1 rounded-full bg-gray-100 py-0.5 pr-0.5 pl-3 text-sm"
                    >
                      {t(`students:rule_trigger_${rule.trigger}`)}: {rule.target ?? t("students:rule_target_deleted")}
                      <form
                        method="post"
                        action={`${base}/${rule.id}/delete`}
                        onSubmit={(e) => (e.preventDefault(), void send("DELETE", `${base}/${rule.id}`))}
                      >
                        <CsrfField />
                        <button
                          type="submit"
                          className="grid size-7 place-items-center rounded-full hover:bg-black/10"
                          aria-label={t("students:rule_remove")}
                        >
                          <X aria-hidden className="size-3.5" />
                        </button>
                      </form>
                    </li>
                  ))}
                </ul>
                <form
                  method="post"
                  action={base}
                  className="flex flex-wrap items-center gap-2"
                  onSubmit={(e) => {
                    e.preventDefault();
                    const target = String(new FormData(e.currentTarget).get("target") ?? "");
                    void send("POST", base, { target });
                  }}
                >
                  <CsrfField />
                  <select
                    name="target"
                    aria-label={`${tag.name}: ${t("students:rule_trigger")}`}
                    className="rounded-md border border-gray-300 px-2 py-1.5 text-sm"
                  >
                    {tagRuleTriggers.map((trigger) => (
                      <optgroup key={trigger} label={t(`students:rule_trigger_${trigger}`)}>
                        {targets[trigger].map((target) => (
                          <option key={target.id} value={`${trigger}:${target.id}`}>
                            {target.title}
                          </option>
                        ))}
                      </optgroup>
                    ))}
                  </select>
                  <Button type="submit" variant="secondary">
                    <Plus aria-hidden className="size-4" />
                    {t("students:rule_add")}
                  </Button>
                </form>
              </li>
            );
          })}
        </ul>
      )}
    </Panel>
  );
}
