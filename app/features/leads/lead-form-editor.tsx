// The admin's lead form editor (issue 16, item 4): the form's name, its fields (added by type, moved up and down
// with buttons, removed; label, placeholder, name, required, checked, options), hidden fields (fixed names and
// values), options (labels on or off, success header and text, button text and class, redirect), the consent
// text (a changed text is saved as a new version), tags for its leads and double opt-in. Beside it a live preview:
// the LeadForm itself, drawn from the draft; once saved, the preview sends real leads (to the saved version).
import { useState } from "react";
import { useNavigate } from "react-router";
import { Plus, Trash2 } from "lucide-react";
import { leadFieldTypes, type LeadFieldType } from "#core/leads/schemas.ts";
import { ApiError, api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { Button } from "#app/ui/button.tsx";
import { ItemHeader } from "#app/ui/item-header.tsx";
import { Checkbox, Field, FormAlert } from "#app/ui/field.tsx";
import { FieldShell } from "#app/ui/field-shell.tsx";
import { SelectField } from "#app/ui/select-field.tsx";
import { toast } from "#app/ui/toast.tsx";
import { LeadForm } from "./lead-form.tsx";

type DraftField = {
  label: string;
  placeholder: string;
  name: string;
  type: LeadFieldType;
  required: boolean;
  checked: boolean;
  options: { value: string; text: string }[];
};
export type LeadFormDraft = {
  id?: number;
  name: string;
  fields: DraftField[];
  hidden_fields: { name: string; value: string }[];
  options: {
    labels: boolean;
    success_header: string;
    success_text: string;
    button_text: string;
    button_class: string;
    redirect_to: string;
  };
  consent_text: string;
  consent_version: number | null;
  tags: string;
  double_opt_in: boolean;
};

function field(type: LeadFieldType, patch: Partial<DraftField> = {}): DraftField {
  const choice = type === "select" || type === "radio";
  return {
    label: "",
    placeholder: "",
    name: "",
    type,
    required: false,
    checked: false,
    options: choice ? [{ value: "1", text: "" }] : [],
    ...patch,
  };
}

/** A new form starts with the spec's default fields: a first name and an e-mail (§3). */
export function emptyLeadForm(t: (key: string) => string): LeadFormDraft {
  return {
    name: "",
    fields: [
      field("text", { label: t("leads:default_name_label"), name: "name" }),
      field("email", { label: t("leads:default_email_label"), name: "email", required: true }),
    ],
    hidden_fields: [],
    options: { labels: true, success_header: "", success_text: "", button_text: "", button_class: "", redirect_to: "" },
    consent_text: "",
    consent_version: null,
    tags: "",
    double_opt_in: false,
  };
}

export function LeadFormEditor({ initial }: { initial: LeadFormDraft }) {
  const t = useT();
  const navigate = useNavigate();
  const [form, setForm] = useState(initial);
  const [newType, setNewType] = useState<LeadFieldType>("text");
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [alert, setAlert] = useState<string>();
  const [busy, setBusy] = useState(false);

  const set = (patch: Partial<LeadFormDraft>) => setForm((current) => ({ ...current, ...patch }));
  const setOptions = (patch: Partial<LeadFormDraft["options"]>) =>
    setForm((current) => ({ ...current, options: { ...current.options, ...patch } }));
  const setField = (index: number, patch: Partial<DraftField>) =>
    setForm((current) => ({
      ...current,
      fields: current.fields.map((f, i) => (i === index ? { ...f, ...patch } : f)),
    }));
  const setHidden = (index: number, patch: Partial<{ name: string; value: string }>) =>
    setForm((current) => ({
      ...current,
      hidden_fields: current.hidden_fields.map((h, i) => (i === index ? { ...h, ...patch } : h)),
    }));

  async function save() {
    setBusy(true);
    setErrors({});
    setAlert(undefined);
    try {
      const { id, consent_version: _version, ...body } = form;
      const saved = await api<{ form: { id: number; consent: { version: number } | null } }>(
        "POST",
        id ? `/home/leads/forms/${id}` : "/home/leads/forms",
        body,
      );
      toast.success(t("leads:saved"));
      if (!id) await navigate(`/home/leads/forms/${saved.form.id}`);
      else set({ consent_version: saved.form.consent?.version ?? null });
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 422) {
        setErrors(failure.errors);
        setAlert(failure.errors._?.[0] ?? failure.errors.fields?.[0] ?? t("validation:summary"));
      }
    } finally {
      setBusy(false);
    }
  }

  const preview = {
    id: form.id ?? 0,
    fields: form.fields.map((f) => ({
      ...f,
      name: f.name || "field",
      options: f.type === "select" || f.type === "radio" ? f.options : [],
    })),
    hidden_fields: form.hidden_fields,
    options: form.options,
    consent: form.consent_text.trim() ? { version: form.consent_version ?? 1, text: form.consent_text } : null,
  };

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <form
        noValidate
        className="flex flex-col gap-6"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <section className="flex flex-col gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-6">
          <Field
            label={t("leads:form_name")}
            name="name"
            value={form.name}
            errors={errors.name}
            onChange={(event) => set({ name: event.target.value })}
          />
          <Field
            label={t("leads:form_tags")}
            hint={t("leads:form_tags_hint")}
            name="tags"
            value={form.tags}
            errors={errors.tags}
            onChange={(event) => set({ tags: event.target.value })}
          />
          <Checkbox
            label={t("leads:double_opt_in")}
            name="double_opt_in"
            checked={form.double_opt_in}
            onChange={(event) => set({ double_opt_in: event.target.checked })}
          />
          {errors.double_opt_in && <p className="text-sm text-red-700">{errors.double_opt_in.join(" ")}</p>}
        </section>

        <section aria-labelledby="lead-fields" className="flex flex-col gap-4">
          <h2 id="lead-fields" className="text-xl font-semibold">
            {t("leads:fields")}
          </h2>
          <ol className="flex flex-col gap-4">
            {form.fields.map((f, index) => {
              const n = index + 1;
              const at = (name: string) => errors[`fields.${index}.${name}`];
              const choice = f.type === "select" || f.type === "radio";
              return (
                <li
                  key={index}
                  aria-label={t("leads:field_n", { n })}
                  className="flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200"
                >
                  <ItemHeader
                    title={`${t("leads:field_n", { n })} · ${t(`leads:type_${f.type}`)}`}
                    index={index}
                    items={form.fields}
                    onItems={(next) => set({ fields: next })}
                    labels={{
                      up: t("leads:move_up", { n }),
                      down: t("leads:move_down", { n }),
                      remove: t("leads:remove_field", { n }),
                    }}
                  />
                  <div className="grid gap-3 sm:grid-cols-2">
                    <Field
                      label={t("leads:field_label")}
                      name={`fields.${index}.label`}
                      value={f.label}
                      errors={at("label")}
                      onChange={(event) => setField(index, { label: event.target.value })}
                    />
                    <Field
                      label={t("leads:field_name")}
                      hint={t("leads:field_name_hint")}
                      name={`fields.${index}.name`}
                      value={f.name}
                      errors={at("name")}
                      onChange={(event) => setField(index, { name: event.target.value })}
                    />
                    {f.type !== "checkbox" && f.type !== "radio" && f.type !== "select" && (
                      <Field
                        label={t("leads:field_placeholder")}
                        name={`fields.${index}.placeholder`}
                        value={f.placeholder}
                        onChange={(event) => setField(index, { placeholder: event.target.value })}
                      />
                    )}
                    <SelectField
                      label={t("leads:field_type")}
                      name={`fields.${index}.type`}
                      value={f.type}
                      onChange={(event) => {
                        const type = event.target.value as LeadFieldType;
                        const needsOptions = (type === "select" || type === "radio") && f.options.length === 0;
                        setField(index, { type, ...(needsOptions ? { options: [{ value: "1", text: "" }] } : {}) });
                      }}
                      options={leadFieldTypes.map((value) => ({ value, label: t(`leads:type_${value}`) }))}
                    />
                    <Checkbox
                      label={t("leads:field_required")}
                      name={`fields.${index}.required`}
                      checked={f.required}
                      onChange={(event) => setField(index, { required: event.target.checked })}
                    />
                    {f.type === "checkbox" && (
                      <Checkbox
                        label={t("leads:field_checked")}
                        name={`fields.${index}.checked`}
                        checked={f.checked}
                        onChange={(event) => setField(index, { checked: event.target.checked })}
                      />
                    )}
                  </div>
                  {choice && (
                    <fieldset className="flex flex-col gap-2">
                      <legend className="mb-1 text-sm font-medium text-ink">{t("leads:options")}</legend>
                      {f.options.map((option, o) => (
                        <div key={o} className="grid grid-cols-[minmax(0,1fr)_minmax(0,2fr)_auto] items-end gap-2">
                          <Field
                            label={t("leads:option_value")}
                            name={`fields.${index}.options.${o}.value`}
                            value={option.value}
                            errors={at(`options.${o}.value`)}
                            onChange={(event) =>
                              setField(index, {
                                options: f.options.map((x, i) => (i === o ? { ...x, value: event.target.value } : x)),
                              })
                            }
                          />
                          <Field
                            label={t("leads:option_text")}
                            name={`fields.${index}.options.${o}.text`}
                            value={option.text}
                            errors={at(`options.${o}.text`)}
                            onChange={(event) =>
                              setField(index, {
                                options: f.options.map((x, i) => (i === o ? { ...x, text: event.target.value } : x)),
                              })
                            }
                          />
                          <Button
                            variant="ghost"
                            aria-label={t("leads:remove_option", { n: o + 1 })}
                            onClick={() => setField(index, { options: f.options.filter((_, i) => i !== o) })}
                          >
                            <Trash2 aria-hidden className="size-4" />
                          </Button>
                        </div>
                      ))}
                      {at("options") && <p className="text-sm text-red-700">{at("options")!.join(" ")}</p>}
                      <div>
                        <Button
                          variant="secondary"
                          onClick={() =>
                            setField(index, {
                              options: [...f.options, { value: String(f.options.length + 1), text: "" }],
                            })
                          }
                        >
                          <Plus aria-hidden className="size-4" />
                          {t("leads:add_option")}
                        </Button>
                      </div>
                    </fieldset>
                  )}
                </li>
              );
            })}
          </ol>
          <div className="flex flex-wrap items-end gap-2">
            <SelectField
              label={t("leads:new_field_type")}
              name="new_field_type"
              value={newType}
              onChange={(event) => setNewType(event.target.value as LeadFieldType)}
              options={leadFieldTypes.map((value) => ({ value, label: t(`leads:type_${value}`) }))}
            />
            <Button variant="secondary" onClick={() => set({ fields: [...form.fields, field(newType)] })}>
              <Plus aria-hidden className="size-4" />
              {t("leads:add_field")}
            </Button>
          </div>
        </section>

        <section
          aria-labelledby="lead-hidden"
          className="flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-6"
        >
          <h2 id="lead-hidden" className="text-lg font-semibold">
            {t("leads:hidden_fields")}
          </h2>
          <p className="text-sm text-muted">{t("leads:hidden_fields_intro")}</p>
          {form.hidden_fields.map((hidden, index) => (
            <div key={index} className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] items-end gap-2">
              <Field
                label={t("leads:field_name")}
                name={`hidden_fields.${index}.name`}
                value={hidden.name}
                errors={errors[`hidden_fields.${index}.name`]}
                onChange={(event) => setHidden(index, { name: event.target.value })}
              />
              <Field
                label={t("leads:hidden_value")}
                name={`hidden_fields.${index}.value`}
                value={hidden.value}
                errors={errors[`hidden_fields.${index}.value`]}
                onChange={(event) => setHidden(index, { value: event.target.value })}
              />
              <Button
                variant="ghost"
                aria-label={t("leads:remove_hidden", { n: index + 1 })}
                onClick={() => set({ hidden_fields: form.hidden_fields.filter((_, i) => i !== index) })}
              >
                <Trash2 aria-hidden className="size-4" />
              </Button>
            </div>
          ))}
          <div>
            <Button
              variant="secondary"
              onClick={() => set({ hidden_fields: [...form.hidden_fields, { name: "", value: "" }] })}
            >
              <Plus aria-hidden className="size-4" />
              {t("leads:add_hidden")}
            </Button>
          </div>
        </section>

        <section
          aria-labelledby="lead-options"
          className="flex flex-col gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-6"
        >
          <h2 id="lead-options" className="text-lg font-semibold">
            {t("leads:options_title")}
          </h2>
          <Checkbox
            label={t("leads:option_labels")}
            name="options.labels"
            checked={form.options.labels}
            onChange={(event) => setOptions({ labels: event.target.checked })}
          />
          <div className="grid gap-3 sm:grid-cols-2">
            <Field
              label={t("leads:option_button_text")}
              placeholder={t("leads:default_button")}
              name="options.button_text"
              value={form.options.button_text}
              errors={errors["options.button_text"]}
              onChange={(event) => setOptions({ button_text: event.target.value })}
            />
            <Field
              label={t("leads:option_button_class")}
              name="options.button_class"
              value={form.options.button_class}
              errors={errors["options.button_class"]}
              onChange={(event) => setOptions({ button_class: event.target.value })}
            />
            <Field
              label={t("leads:option_success_header")}
              placeholder={t("leads:default_header")}
              name="options.success_header"
              value={form.options.success_header}
              errors={errors["options.success_header"]}
              onChange={(event) => setOptions({ success_header: event.target.value })}
            />
            <Field
              label={t("leads:option_redirect_to")}
              hint={t("leads:option_redirect_to_hint")}
              name="options.redirect_to"
              value={form.options.redirect_to}
              errors={errors["options.redirect_to"]}
              onChange={(event) => setOptions({ redirect_to: event.target.value })}
            />
          </div>
          <FieldShell
            label={t("leads:option_success_text")}
            name="options.success_text"
            hint={t("leads:markdown_hint")}
            errors={errors["options.success_text"]}
          >
            {(control) => (
              <textarea
                id={control.id}
                rows={2}
                value={form.options.success_text}
                aria-invalid={control.invalid || undefined}
                aria-describedby={control.describedBy}
                onChange={(event) => setOptions({ success_text: event.target.value })}
                className={control.controlClass}
              />
            )}
          </FieldShell>
          <FieldShell
            label={t("leads:consent_text")}
            name="consent_text"
            hint={
              form.consent_version
                ? t("leads:consent_hint_version", { version: form.consent_version })
                : t("leads:consent_hint")
            }
            errors={errors.consent_text}
          >
            {(control) => (
              <textarea
                id={control.id}
                rows={3}
                value={form.consent_text}
                aria-invalid={control.invalid || undefined}
                aria-describedby={control.describedBy}
                onChange={(event) => set({ consent_text: event.target.value })}
                className={control.controlClass}
              />
            )}
          </FieldShell>
        </section>
        <FormAlert message={alert} />
        <div>
          <Button type="submit" disabled={busy}>
            {t("leads:save")}
          </Button>
        </div>
      </form>

      <aside aria-labelledby="lead-preview" className="flex flex-col gap-3 lg:sticky lg:top-4 lg:self-start">
        <h2 id="lead-preview" className="text-xl font-semibold">
          {t("leads:preview")}
        </h2>
        <p className="text-sm text-muted">{form.id ? t("leads:preview_intro") : t("leads:preview_unsaved")}</p>
        <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-6">
          <LeadForm form={preview} page={form.id ? `/home/leads/forms/${form.id}` : undefined} disabled={!form.id} />
        </div>
      </aside>
    </div>
  );
}
