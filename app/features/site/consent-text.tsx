// The words of a checkout's consent box (issue 16): with the school's terms they name and link them (and the
// privacy policy when there is one); without terms they promise none and only confirm the order. The links open
// in a new tab, so the buyer's checkout stays as it was. The withdrawal-right information, when written, is
// linked below the box.
import { Fragment, type ReactNode } from "react";
import { Link } from "react-router";
import { useRootData } from "#app/lib/root-data.ts";
import { useT } from "#app/lib/i18n.tsx";

const MARK = "\u0001";

/** t() with some values as links: each {{name}} is swapped for a marker, then the text is split at them. */
function withLinks(template: (values: Record<string, string>) => string, links: Record<string, ReactNode>) {
  const text = template(Object.fromEntries(Object.keys(links).map((name) => [name, `${MARK}${name}${MARK}`])));
  return text.split(new RegExp(`${MARK}(\\w+)${MARK}`)).map((part, index) =>
    // split() puts the captured names at the odd places
    index % 2 === 1 ? <Fragment key={index}>{links[part]}</Fragment> : part,
  );
}

function LegalLink({ page, children }: { page: "terms" | "privacy" | "withdrawal"; children: ReactNode }) {
  return (
    <Link
      to={`/${page}`}
      target="_blank"
      rel="noopener"
      className="font-medium text-brand-700 underline underline-offset-4"
      data-legal-link={page}
    >
      {children}
    </Link>
  );
}

export function ConsentText({ kind }: { kind: "purchase" | "subscription" }) {
  const t = useT();
  const legal = useRootData()?.school?.brand.legal;
  const links: Record<string, ReactNode> = {};
  if (legal?.terms) links.terms = <LegalLink page="terms">{t(`site:consent_terms_link_${kind}`)}</LegalLink>;
  if (legal?.privacy) links.privacy = <LegalLink page="privacy">{t("site:consent_privacy_link")}</LegalLink>;
  const variant = `${legal?.terms ? "terms" : "no_terms"}${legal?.privacy ? "_privacy" : ""}`;
  return <>{withLinks((values) => t(`site:consent_${kind}_${variant}`, values), links)}</>;
}

/** "Read about your right of withdrawal", below the consent box, when the school has written it. */
export function WithdrawalNotice() {
  const t = useT();
  if (!useRootData()?.school?.brand.legal.withdrawal) return null;
  return (
    <p className="text-sm text-muted">
      {withLinks((values) => t("site:withdrawal_notice", values), {
        withdrawal: <LegalLink page="withdrawal">{t("site:withdrawal_link")}</LegalLink>,
      })}
    </p>
  );
}
