// /home/affiliates/new: a new affiliate code (POST /home/affiliates; a plain form before hydration). Saved, it
// opens on its own page with the links to share.
import { Link, useLocation } from "react-router";
import { ArrowLeft } from "lucide-react";
import { useT } from "#app/lib/i18n.tsx";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import { AffiliateCodeForm } from "#app/features/promo/affiliate-code-form.tsx";
import { promoErrorFromQuery } from "#app/features/promo/page-data.ts";
import type { Route } from "./+types/affiliates-new.ts";

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches[0]?.loaderData, "promo:affiliate_new_title");
}

// Nothing to load: the area's gate (the admin layout's loader) decides who sees the form, and POST
// /home/affiliates asks core's promo policy.
export function loader() {
  return null;
}

export default function NewAffiliatePage() {
  const t = useT();
  const location = useLocation();
  const error = promoErrorFromQuery(location.search);
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <Link
        to="/home/affiliates"
        className="inline-flex items-center gap-1 self-start text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
      >
        <ArrowLeft aria-hidden className="size-4" />
        {t("promo:affiliates_back")}
      </Link>
      <h1 className="text-2xl font-bold sm:text-3xl">{t("promo:affiliate_new_title")}</h1>
      <AffiliateCodeForm affiliate={null} queryError={error ? t(error) : undefined} />
    </div>
  );
}
