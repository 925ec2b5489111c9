// An affiliate code's shareable links: the home page ({baseUrl}/?ref=CODE) and any published course or
// product page chosen from a list, each in a read-only box with a Copy button.
import { useId, useRef, useState } from "react";
import { Copy } from "lucide-react";
import type { LinkTarget } from "#core/promo/list-link-targets.ts";
import { useT } from "#app/lib/i18n.tsx";
import { Button } from "#app/ui/button.tsx";
import { SelectField } from "#app/ui/select-field.tsx";
import { toast } from "#app/ui/toast.tsx";

export function referralLink(baseUrl: string, path: string, code: string): string {
  return `${baseUrl}${path}?ref=${encodeURIComponent(code)}`;
}

function CopyableLink({ label, link }: { label: string; link: string }) {
  const t = useT();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      toast.success(t("promo:link_copied"));
    } catch {
      // No clipboard permission: leave the link selected for the admin to copy.
      input.current?.select();
      toast.info(t("promo:link_copy_manually"));
    }
  }
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={id}
          ref={input}
          readOnly
          value={link}
          onFocus={(event) => event.currentTarget.select()}
          className="min-h-10 min-w-0 flex-1 rounded-md border border-gray-300 bg-gray-50 px-3 py-2 font-mono text-sm text-ink"
        />
        <Button variant="secondary" onClick={() => void copy()} aria-label={t("promo:copy_link_label", { label })}>
          <Copy aria-hidden className="size-4" />
          {t("promo:copy")}
        </Button>
      </div>
    </div>
  );
}

export function ShareLinks({ baseUrl, code, targets }: { baseUrl: string; code: string; targets: LinkTarget[] }) {
  const t = useT();
  const [path, setPath] = useState(targets[0]?.path ?? "");
  return (
    <div className="flex flex-col gap-5">
      <CopyableLink label={t("promo:link_home")} link={referralLink(baseUrl, "/", code)} />
      {targets.length > 0 && (
        <div className="flex flex-col gap-3 border-t border-gray-100 pt-5">
          <SelectField
            label={t("promo:link_target")}
            name="link_target"
            value={path}
            onChange={(event) => setPath(event.target.value)}
            options={targets.map((target) => ({ value: target.path, label: target.title }))}
          />
          <CopyableLink label={t("promo:link_product")} link={referralLink(baseUrl, path, code)} />
        </div>
      )}
    </div>
  );
}
