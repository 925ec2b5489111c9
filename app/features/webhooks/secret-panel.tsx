// The signing secret, shown once after the endpoint is made or its secret rotated, with a copy button.
import { useState } from "react";
import { Copy } from "lucide-react";
import { useT } from "#app/lib/i18n.tsx";
import { Button } from "#app/ui/button.tsx";

export function SecretPanel({ secret }: { secret: string }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  return (
    <section
      aria-labelledby="webhook-secret"
      data-testid="webhook-secret"
      className="flex flex-col gap-2 rounded-xl bg-amber-50 p-5 ring-1 ring-amber-300"
    >
      <h2 id="webhook-secret" className="text-lg font-semibold">
        {t("webhooks:secret_title")}
      </h2>
      <p className="text-sm text-ink">{t("webhooks:secret_once")}</p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <code className="rounded-md bg-white px-3 py-2 font-mono text-sm break-all ring-1 ring-amber-200">
          {secret}
        </code>
        <Button
          variant="secondary"
          onClick={async () => {
            await navigator.clipboard?.writeText(secret).catch(() => undefined);
            setCopied(true);
          }}
        >
          <Copy aria-hidden className="size-4" />
          {copied ? t("webhooks:copied") : t("webhooks:copy")}
        </Button>
      </div>
    </section>
  );
}
