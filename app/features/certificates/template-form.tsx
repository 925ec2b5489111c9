// The admin's certificate template of a course: enabled, background image (the image upload box), validity in
// months, the few named positions and the signer. Checked with the shared schema first, then POSTed as JSON.
import { useState } from "react";
import type { CertificateTemplateView } from "#core/certificates/get-certificate-admin.ts";
import { certificateTemplateSchema, layoutFields, qrCorners } from "#core/certificates/schemas.ts";
import { useT } from "#app/lib/i18n.tsx";
import { useApiForm } from "#app/lib/use-api-form.ts";
import { ImageUpload } from "#app/features/media/image-upload.tsx";
import { Button } from "#app/ui/button.tsx";
import { Checkbox, Field, FormAlert } from "#app/ui/field.tsx";
import { SelectField } from "#app/ui/select-field.tsx";
import { toast } from "#app/ui/toast.tsx";

export function CertificateTemplateForm({ view }: { view: CertificateTemplateView }) {
  const t = useT();
  const { template } = view;
  const [background, setBackground] = useState<string | null>(template.background_image);
  const form = useApiForm({
    url: `/home/courses/${view.course.id}/certificate-template`,
    schema: certificateTemplateSchema,
    toBody: (data) => ({
      ...Object.fromEntries([...data.entries()].map(([key, value]) => [key, String(value)])),
      enabled: data.get("enabled") === "on",
      background_image: background,
    }),
    onSuccess: () => toast.success(t("certificates:saved")),
  });
  return (
    <form onSubmit={form.onSubmit} noValidate className="flex flex-col gap-5" aria-labelledby="template-title">
      <h2 id="template-title" className="text-lg font-semibold">
        {t("certificates:template")}
      </h2>
      <FormAlert message={form.message} />
      <div className="flex flex-col gap-1">
        <Checkbox name="enabled" label={t("certificates:enabled")} defaultChecked={template.enabled} />
        <p className="text-xs text-muted">{t("certificates:enabled_hint")}</p>
      </div>
      <div className="flex flex-col gap-1">
        <ImageUpload
          context="library"
          value={background}
          onChange={setBackground}
          label={t("certificates:background")}
        />
        <p className="text-xs text-muted">{t("certificates:background_hint")}</p>
        {form.errors.background_image && (
          <p className="text-sm text-red-700" data-field-error="background_image">
            {form.errors.background_image.join(" ")}
          </p>
        )}
      </div>
      <Field
        name="validity_months"
        type="number"
        inputMode="numeric"
        min={1}
        max={240}
        label={t("certificates:validity_months")}
        hint={t("certificates:validity_hint")}
        defaultValue={template.validity_months ?? ""}
        errors={form.errors.validity_months}
        className="max-w-xs"
      />
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-semibold">{t("certificates:positions")}</legend>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {layoutFields.map((field) => (
            <Field
              key={field}
              name={field}
              type="number"
              inputMode="numeric"
              min={5}
              max={95}
              label={t(`certificates:${field}`)}
              defaultValue={template.layout[field]}
              errors={form.errors[field]}
            />
          ))}
          <SelectField
            name="qr_corner"
            label={t("certificates:qr_corner")}
            defaultValue={template.layout.qr_corner}
            errors={form.errors.qr_corner}
            options={qrCorners.map((corner) => ({ value: corner, label: t(`certificates:qr_${corner}`) }))}
          />
        </div>
      </fieldset>
      <Field
        name="signer"
        label={t("certificates:signer")}
        hint={t("certificates:signer_hint")}
        defaultValue={template.layout.signer}
        errors={form.errors.signer}
        maxLength={100}
      />
      <div>
        <Button type="submit" disabled={form.pending}>
          {t("certificates:save")}
        </Button>
      </div>
    </form>
  );
}
