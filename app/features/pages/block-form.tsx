// The builder's form of one block, by type: the settings are checked with the type's schema before sending (the
// same messages as the server's 422, keyed "settings.x"), then saved through the §7 block calls by the caller.
// Nothing typed is lost on a refusal: the form keeps its state and shows the errors below the fields.
import { type FormEvent, type ReactNode, useState } from "react";
import { Plus, Trash2 } from "lucide-react";
import type { CourseChoice, FormChoice } from "#core/pages/get-page-for-editing.ts";
import {
  blockSettingsByType,
  type BlockType,
  CAROUSEL_SLIDES_MAX,
  BIO_LINKS_MAX,
  GALLERY_IMAGES_MAX,
  PRICING_PLANS_MAX,
  TESTIMONIALS_MAX,
} from "#core/pages/schemas.ts";
import { SLIDER_MAX, SLIDER_MIN, SLIDER_START, SLIDER_STEP } from "#core/pages/compare-slider.ts";
import { fieldErrorsOf } from "#core/validation.ts";
import type { FieldMessages } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { Button } from "#app/ui/button.tsx";
import { Field, FormAlert } from "#app/ui/field.tsx";
import { SelectField } from "#app/ui/select-field.tsx";
import { SwitchField } from "#app/ui/switch-field.tsx";
import { MarkdownField } from "#app/features/authoring/markdown-field.tsx";
import { TextareaField } from "#app/features/authoring/textarea-field.tsx";
import { ImageKeyField, type Picture, PictureList, RepeatedItems } from "./picture-fields.tsx";

type Testimonial = { quote: string; name: string; role: string; photo: string };
/** A pricing plan as the form holds it: the course as the select's text, the features as lines of one text. */
type Plan = {
  name: string;
  course_id: string;
  price_text: string;
  features: string;
  button_label: string;
  button_url: string;
  highlighted: boolean;
};
type BioLink = { label: string; url: string };
const emptyPlan: Plan = {
  name: "",
  course_id: "",
  price_text: "",
  features: "",
  button_label: "",
  button_url: "",
  highlighted: false,
};

export type Settings = Record<string, unknown>;
/** Saves the settings; resolves with the server's field errors when it refused them, null when saved. */
export type SaveSettings = (settings: Settings) => Promise<FieldMessages | null>;

export const emptySettings: Record<BlockType, Settings> = {
  heading: { text: "", level: 2 },
  text: { markdown: "" },
  image: { image: "", alt: "", caption: "" },
  video: { url: "", title: "" },
  faq: { items: [{ question: "", answer: "" }] },
  checkout: { course_id: "" },
  lead_form: { form_id: "" },
  countdown: {
    mode: "promo",
    course_id: "",
    minutes: "",
    expired_text: "",
    bg_color: "",
    text_color: "",
    custom_classes: "",
  },
  carousel: { slides: [{ image: "", alt: "", caption: "" }], autoplay: false },
  before_after: { before: "", before_alt: "", after: "", after_alt: "", start: String(SLIDER_START) },
  gallery: { images: [{ image: "", alt: "", caption: "" }] },
  testimonials: { items: [{ quote: "", name: "", role: "", photo: "" }] },
  pricing: { plans: [emptyPlan] },
  bio: { photo: "", name: "", role: "", text: "", markdown: false, links: [] },
};

/** The settings as the calls take them: numbers for ids and minutes, empty optional fields left out. */
function toBody(type: BlockType, settings: Settings): Settings {
  const body = { ...settings };
  for (const key of ["course_id", "form_id", "minutes", "start"]) {
    if (!(key in body)) continue;
    if (body[key] === "" || body[key] === null) delete body[key];
    else body[key] = Number(body[key]);
  }
  // A link row left empty is no link (the list keeps its last row).
  if (type === "bio") body.links = (body.links as BioLink[]).filter((link) => link.label.trim() || link.url.trim());
  if (type === "pricing") {
    body.plans = (body.plans as Plan[]).map(({ course_id, features, ...plan }) => ({
      ...plan,
      ...(course_id === "" ? {} : { course_id: Number(course_id) }),
      features: features
        .split("\n")
        .map((line) => line.trim())
        .filter(Boolean),
    }));
  }
  if (type === "countdown") {
    if (body.mode === "promo") delete body.minutes;
    else delete body.course_id;
  }
  return body;
}

/** Stored settings as the form holds them (a pricing plan's course id and feature lines as text). */
function toForm(type: BlockType, value: Settings): Settings {
  if (type !== "pricing") return value;
  const plans = value.plans as (Omit<Plan, "course_id" | "features"> & { course_id?: number; features: string[] })[];
  return {
    ...value,
    plans: plans.map((plan) => ({
      ...plan,
      course_id: plan.course_id === undefined ? "" : String(plan.course_id),
      features: plan.features.join("\n"),
    })),
  };
}

export function BlockForm({
  type,
  value,
  courses,
  forms,
  onSave,
  onCancel,
}: {
  type: BlockType;
  value: Settings | null;
  courses: CourseChoice[];
  forms: FormChoice[];
  onSave: SaveSettings;
  onCancel: () => void;
}) {
  const t = useT();
  const [settings, setSettings] = useState<Settings>(value ? toForm(type, value) : emptySettings[type]);
  const [errors, setErrors] = useState<FieldMessages>({});
  const [pending, setPending] = useState(false);
  const set = (field: string) => (next: unknown) => setSettings((current) => ({ ...current, [field]: next }));
  const text = (field: string) => String(settings[field] ?? "");
  const err = (field: string) => errors[`settings.${field}`];

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = toBody(type, settings);
    const result = blockSettingsByType[type].safeParse(body);
    if (!result.success) {
      const fields = fieldErrorsOf(result.error, body);
      setErrors(
        Object.fromEntries(
          Object.entries(fields).map(([f, list]) => [`settings.${f}`, list.map((m) => t(m.key, m.values ?? {}))]),
        ),
      );
      return;
    }
    setPending(true);
    try {
      setErrors((await onSave(body)) ?? {});
    } finally {
      setPending(false);
    }
  }

  let fields: ReactNode;
  switch (type) {
    case "heading":
      fields = (
        <>
          <Field
            label={t("pages:heading_text")}
            name="text"
            value={text("text")}
            onChange={(e) => set("text")(e.target.value)}
            errors={err("text")}
            maxLength={200}
          />
          <SelectField
            label={t("pages:heading_level")}
            name="level"
            value={String(settings.level ?? 2)}
            onChange={(e) => set("level")(Number(e.target.value))}
            options={[
              { value: "2", label: t("pages:level_2") },
              { value: "3", label: t("pages:level_3") },
            ]}
          />
        </>
      );
      break;
    case "text":
      fields = (
        <MarkdownField
          label={t("pages:markdown")}
          name="markdown"
          value={text("markdown")}
          onChange={set("markdown")}
          errors={err("markdown")}
          rows={10}
          maxLength={20_000}
        />
      );
      break;
    case "image":
      fields = (
        <>
          <ImageKeyField
            label={t("pages:image")}
            field="image"
            value={text("image")}
            onChange={set("image")}
            errors={err}
            hint={t("pages:image_hint")}
          />
          <Field
            label={t("pages:alt")}
            name="alt"
            value={text("alt")}
            onChange={(e) => set("alt")(e.target.value)}
            errors={err("alt")}
            maxLength={300}
          />
          <Field
            label={t("pages:caption")}
            name="caption"
            value={text("caption")}
            onChange={(e) => set("caption")(e.target.value)}
            errors={err("caption")}
            maxLength={300}
          />
        </>
      );
      break;
    case "video":
      fields = (
        <>
          <Field
            label={t("pages:video_url")}
            name="url"
            type="url"
            value={text("url")}
            onChange={(e) => set("url")(e.target.value)}
            errors={err("url")}
            hint={t("pages:video_url_hint")}
          />
          <Field
            label={t("pages:video_title")}
            name="title"
            value={text("title")}
            onChange={(e) => set("title")(e.target.value)}
            errors={err("title")}
            maxLength={200}
          />
        </>
      );
      break;
    case "faq": {
      const items = (settings.items as { question: string; answer: string }[]) ?? [];
      const setItem = (index: number, field: "question" | "answer", next: string) =>
        set("items")(items.map((item, i) => (i === index ? { ...item, [field]: next } : item)));
      fields = (
        <>
          {items.map((item, index) => (
            <fieldset key={index} className="flex flex-col gap-3 rounded-lg border border-gray-200 p-3">
              <legend className="px-1 text-sm font-semibold">{`${t("pages:faq_question")} ${index + 1}`}</legend>
              <Field
                label={t("pages:faq_question")}
                name={`items.${index}.question`}
                value={item.question}
                onChange={(e) => setItem(index, "question", e.target.value)}
                errors={err(`items.${index}.question`)}
                maxLength={300}
              />
              <TextareaField
                label={t("pages:faq_answer")}
                name={`items.${index}.answer`}
                value={item.answer}
                onChange={(e) => setItem(index, "answer", e.target.value)}
                errors={err(`items.${index}.answer`)}
                maxLength={5000}
              />
              {items.length > 1 && (
                <Button
                  variant="ghost"
                  className="self-start text-red-700"
                  onClick={() => set("items")(items.filter((_, i) => i !== index))}
                >
                  <Trash2 aria-hidden className="size-4" />
                  {t("pages:faq_remove", { n: index + 1 })}
                </Button>
              )}
            </fieldset>
          ))}
          {err("items") && <FormAlert message={err("items")!.join(" ")} />}
          <Button
            variant="secondary"
            className="self-start"
            onClick={() => set("items")([...items, { question: "", answer: "" }])}
          >
            <Plus aria-hidden className="size-4" />
            {t("pages:faq_add")}
          </Button>
        </>
      );
      break;
    }
    case "checkout":
      fields = (
        <SelectField
          label={t("pages:course")}
          name="course_id"
          value={text("course_id")}
          onChange={(e) => set("course_id")(e.target.value)}
          errors={err("course_id")}
          options={[
            { value: "", label: t("pages:choose_course") },
            ...courses.map((c) => ({ value: String(c.id), label: c.title })),
          ]}
        />
      );
      break;
    case "lead_form":
      fields = (
        <SelectField
          label={t("pages:lead_form")}
          name="form_id"
          value={text("form_id")}
          onChange={(e) => set("form_id")(e.target.value)}
          errors={err("form_id")}
          hint={forms.length === 0 ? t("pages:no_lead_forms") : undefined}
          options={[
            { value: "", label: t("pages:choose_lead_form") },
            ...forms.map((f) => ({ value: String(f.id), label: f.name })),
          ]}
        />
      );
      break;
    case "countdown": {
      const promos = courses.filter((c) => c.promo_ends_at);
      fields = (
        <>
          <SelectField
            label={t("pages:countdown_mode")}
            name="mode"
            value={text("mode")}
            onChange={(e) => set("mode")(e.target.value)}
            options={[
              { value: "promo", label: t("pages:mode_promo") },
              { value: "evergreen", label: t("pages:mode_evergreen") },
            ]}
          />
          {settings.mode === "promo" ? (
            <SelectField
              label={t("pages:course")}
              name="course_id"
              value={text("course_id")}
              onChange={(e) => set("course_id")(e.target.value)}
              errors={err("course_id")}
              hint={promos.length === 0 ? t("pages:no_promotions") : undefined}
              options={[
                { value: "", label: t("pages:choose_course") },
                ...promos.map((c) => ({
                  value: String(c.id),
                  label: `${c.title} (${t("pages:promo_until", { date: c.promo_ends_at!.slice(0, 10) })})`,
                })),
              ]}
            />
          ) : (
            <Field
              label={t("pages:minutes")}
              name="minutes"
              type="number"
              inputMode="numeric"
              min={1}
              value={text("minutes")}
              onChange={(e) => set("minutes")(e.target.value)}
              errors={err("minutes")}
            />
          )}
          <Field
            label={t("pages:expired_text")}
            name="expired_text"
            value={text("expired_text")}
            onChange={(e) => set("expired_text")(e.target.value)}
            errors={err("expired_text")}
            maxLength={500}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label={t("pages:bg_color")}
              name="bg_color"
              placeholder="#1f2937"
              value={text("bg_color")}
              onChange={(e) => set("bg_color")(e.target.value)}
              errors={err("bg_color")}
            />
            <Field
              label={t("pages:text_color")}
              name="text_color"
              placeholder="#ffffff"
              value={text("text_color")}
              onChange={(e) => set("text_color")(e.target.value)}
              errors={err("text_color")}
            />
          </div>
          <Field
            label={t("pages:custom_classes")}
            name="custom_classes"
            value={text("custom_classes")}
            onChange={(e) => set("custom_classes")(e.target.value)}
            errors={err("custom_classes")}
          />
        </>
      );
      break;
    }
    case "carousel":
      fields = (
        <>
          <PictureList
            field="slides"
            pictures={settings.slides as Picture[]}
            onChange={set("slides")}
            max={CAROUSEL_SLIDES_MAX}
            errors={err}
          />
          <SwitchField
            label={t("pages:autoplay")}
            name="autoplay"
            hint={t("pages:autoplay_hint")}
            checked={settings.autoplay === true}
            onChange={(e) => set("autoplay")(e.target.checked)}
          />
        </>
      );
      break;
    case "gallery":
      fields = (
        <PictureList
          field="images"
          pictures={settings.images as Picture[]}
          onChange={set("images")}
          max={GALLERY_IMAGES_MAX}
          errors={err}
        />
      );
      break;
    case "before_after":
      fields = (
        <>
          {(["before", "after"] as const).map((side) => (
            <fieldset key={side} className="flex flex-col gap-3 rounded-lg border border-gray-200 p-3">
              <legend className="px-1 text-sm font-semibold">{t(`pages:${side}_image`)}</legend>
              <ImageKeyField
                label={t("pages:image")}
                field={side}
                value={text(side)}
                onChange={set(side)}
                errors={err}
                hint={t("pages:before_after_hint")}
              />
              <Field
                label={t("pages:alt")}
                name={`${side}_alt`}
                value={text(`${side}_alt`)}
                onChange={(e) => set(`${side}_alt`)(e.target.value)}
                errors={err(`${side}_alt`)}
                maxLength={300}
              />
            </fieldset>
          ))}
          <Field
            label={t("pages:slider_start_label")}
            name="start"
            type="number"
            inputMode="decimal"
            min={SLIDER_MIN}
            max={SLIDER_MAX}
            step={SLIDER_STEP}
            value={text("start")}
            onChange={(e) => set("start")(e.target.value)}
            errors={err("start")}
            hint={t("pages:slider_start_hint")}
          />
        </>
      );
      break;
    case "testimonials":
      fields = (
        <RepeatedItems<Testimonial>
          field="items"
          items={settings.items as Testimonial[]}
          onChange={set("items")}
          empty={{ quote: "", name: "", role: "", photo: "" }}
          max={TESTIMONIALS_MAX}
          legend={(index) => t("pages:testimonial_n", { n: index + 1 })}
          addLabel={t("pages:testimonial_add")}
          errors={err}
        >
          {(item, index, setItem) => (
            <>
              <TextareaField
                label={t("pages:testimonial_quote")}
                name={`items.${index}.quote`}
                value={item.quote}
                onChange={(e) => setItem({ quote: e.target.value })}
                errors={err(`items.${index}.quote`)}
                maxLength={2000}
              />
              <div className="grid gap-4 sm:grid-cols-2">
                <Field
                  label={t("pages:testimonial_name")}
                  name={`items.${index}.name`}
                  value={item.name}
                  onChange={(e) => setItem({ name: e.target.value })}
                  errors={err(`items.${index}.name`)}
                  maxLength={200}
                />
                <Field
                  label={t("pages:testimonial_role")}
                  name={`items.${index}.role`}
                  value={item.role}
                  onChange={(e) => setItem({ role: e.target.value })}
                  errors={err(`items.${index}.role`)}
                  maxLength={200}
                />
              </div>
              <ImageKeyField
                label={t("pages:testimonial_photo")}
                field={`items.${index}.photo`}
                value={item.photo}
                onChange={(photo) => setItem({ photo })}
                errors={err}
              />
            </>
          )}
        </RepeatedItems>
      );
      break;
    case "bio":
      fields = (
        <>
          <ImageKeyField
            label={t("pages:bio_photo")}
            field="photo"
            value={text("photo")}
            onChange={set("photo")}
            errors={err}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label={t("pages:bio_name")}
              name="name"
              value={text("name")}
              onChange={(e) => set("name")(e.target.value)}
              errors={err("name")}
              maxLength={200}
            />
            <Field
              label={t("pages:bio_role")}
              name="role"
              value={text("role")}
              onChange={(e) => set("role")(e.target.value)}
              errors={err("role")}
              maxLength={200}
            />
          </div>
          <SwitchField
            label={t("pages:bio_markdown")}
            name="markdown"
            checked={settings.markdown === true}
            onChange={(e) => set("markdown")(e.target.checked)}
          />
          {settings.markdown === true ? (
            <MarkdownField
              label={t("pages:bio_text")}
              name="text"
              value={text("text")}
              onChange={set("text")}
              errors={err("text")}
            />
          ) : (
            <TextareaField
              label={t("pages:bio_text")}
              name="text"
              value={text("text")}
              onChange={(e) => set("text")(e.target.value)}
              errors={err("text")}
              maxLength={10_000}
            />
          )}
          <RepeatedItems<BioLink>
            field="links"
            items={settings.links as BioLink[]}
            onChange={set("links")}
            empty={{ label: "", url: "" }}
            max={BIO_LINKS_MAX}
            legend={(index) => t("pages:bio_link_n", { n: index + 1 })}
            addLabel={t("pages:bio_link_add")}
            errors={err}
          >
            {(link, index, setLink) => (
              <div className="grid gap-4 sm:grid-cols-2">
                <Field
                  label={t("pages:bio_link_label")}
                  name={`links.${index}.label`}
                  value={link.label}
                  onChange={(e) => setLink({ label: e.target.value })}
                  errors={err(`links.${index}.label`)}
                  maxLength={100}
                />
                <Field
                  label={t("pages:bio_link_url")}
                  name={`links.${index}.url`}
                  type="url"
                  value={link.url}
                  onChange={(e) => setLink({ url: e.target.value })}
                  errors={err(`links.${index}.url`)}
                  maxLength={500}
                />
              </div>
            )}
          </RepeatedItems>
        </>
      );
      break;
    case "pricing":
      fields = (
        <>
          <RepeatedItems<Plan>
            field="plans"
            items={settings.plans as Plan[]}
            onChange={set("plans")}
            empty={emptyPlan}
            max={PRICING_PLANS_MAX}
            legend={(index) => t("pages:pricing_plan_n", { n: index + 1 })}
            addLabel={t("pages:pricing_plan_add")}
            errors={err}
          >
            {(plan, index, setPlan) => (
              <>
                <Field
                  label={t("pages:pricing_plan_name")}
                  name={`plans.${index}.name`}
                  value={plan.name}
                  onChange={(e) => setPlan({ name: e.target.value })}
                  errors={err(`plans.${index}.name`)}
                  maxLength={120}
                />
                <SelectField
                  label={t("pages:pricing_course")}
                  name={`plans.${index}.course_id`}
                  value={plan.course_id}
                  onChange={(e) => setPlan({ course_id: e.target.value, price_text: "" })}
                  errors={err(`plans.${index}.course_id`)}
                  options={[
                    { value: "", label: t("pages:pricing_no_course") },
                    ...courses.map((c) => ({ value: String(c.id), label: c.title })),
                  ]}
                />
                {plan.course_id === "" && (
                  <Field
                    label={t("pages:pricing_price_text")}
                    name={`plans.${index}.price_text`}
                    value={plan.price_text}
                    onChange={(e) => setPlan({ price_text: e.target.value })}
                    errors={err(`plans.${index}.price_text`)}
                    hint={t("pages:pricing_price_text_hint")}
                    maxLength={60}
                  />
                )}
                <TextareaField
                  label={t("pages:pricing_features")}
                  name={`plans.${index}.features`}
                  value={plan.features}
                  onChange={(e) => setPlan({ features: e.target.value })}
                  errors={err(`plans.${index}.features`)}
                />
                <div className="grid gap-4 sm:grid-cols-2">
                  <Field
                    label={t("pages:pricing_button_label")}
                    name={`plans.${index}.button_label`}
                    value={plan.button_label}
                    onChange={(e) => setPlan({ button_label: e.target.value })}
                    errors={err(`plans.${index}.button_label`)}
                    hint={plan.course_id === "" ? undefined : t("pages:pricing_button_label_hint")}
                    maxLength={60}
                  />
                  {plan.course_id === "" && (
                    <Field
                      label={t("pages:pricing_button_url")}
                      name={`plans.${index}.button_url`}
                      value={plan.button_url}
                      onChange={(e) => setPlan({ button_url: e.target.value })}
                      errors={err(`plans.${index}.button_url`)}
                      hint={t("pages:pricing_button_url_hint")}
                      maxLength={500}
                    />
                  )}
                </div>
                <SwitchField
                  label={t("pages:pricing_highlight")}
                  name={`plans.${index}.highlighted`}
                  checked={plan.highlighted}
                  onChange={(e) => setPlan({ highlighted: e.target.checked })}
                />
              </>
            )}
          </RepeatedItems>
        </>
      );
      break;
  }

  return (
    <form
      aria-label={t(`pages:type_${type}`)}
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-4"
      data-block-form={type}
    >
      {Object.keys(errors).length > 0 && <FormAlert message={t("validation:summary")} />}
      {fields}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending}>
          {t("pages:save_block")}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t("cancel")}
        </Button>
      </div>
    </form>
  );
}
