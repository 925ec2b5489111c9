// The built-in test provider's page (purchases and memberships): the striped "test payment" banner, then a card
// with the provider's name, a title, what is paid for (`rows`) and the tester's choices (`children`).
import type { ReactNode } from "react";
import { FlaskConical } from "lucide-react";
import { useT } from "#app/lib/i18n.tsx";

/** One line of what is paid for: a label and its value. */
export function TestPaymentRow({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex justify-between gap-4 px-6 py-3">
      <dt className="text-muted">{label}</dt>
      <dd className="min-w-0 text-right font-medium break-words" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

export function TestPaymentFrame({
  bannerText,
  title,
  rows,
  children,
}: {
  bannerText: string;
  title: string;
  rows: ReactNode;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <div data-test-payment>
      <div
        className="border-b-2 border-amber-400 bg-[repeating-linear-gradient(135deg,#fef3c7_0_16px,#fde68a_16px_32px)]"
        role="note"
        data-testid="test-banner"
      >
        <div className="mx-auto flex max-w-3xl items-start gap-3 px-4 py-4">
          <FlaskConical aria-hidden className="mt-0.5 size-6 shrink-0 text-amber-900" />
          <div className="rounded-md bg-amber-50/90 px-2 py-1">
            <p className="font-bold text-amber-950">{t("purchase:test_banner")}</p>
            <p className="text-sm text-amber-950">{bannerText}</p>
          </div>
        </div>
      </div>
      <div className="mx-auto w-full max-w-lg px-4 py-10">
        <div className="overflow-hidden rounded-2xl bg-white shadow-md ring-1 ring-gray-200">
          <div className="border-b border-gray-100 px-6 py-5">
            <p className="text-xs font-semibold tracking-wide text-muted uppercase">
              {t("purchase:test_provider_name")}
            </p>
            <h1 className="mt-1 text-xl font-bold">{title}</h1>
          </div>
          <dl className="divide-y divide-gray-100 text-sm">{rows}</dl>
          {children}
        </div>
      </div>
    </div>
  );
}
