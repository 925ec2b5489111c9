// The single-course checkout button (spec §2): 'has access' leading to the watch page when the viewer may watch the
// course, otherwise 'buy' leading to the checkout ({course page}/checkout).
import { Link } from "react-router";
import { PlayCircle, ShoppingCart } from "lucide-react";
import { useT } from "#app/lib/i18n.tsx";
import { buttonClass } from "#app/ui/button.tsx";

export function CheckoutButton({
  slug,
  hasAccess,
  free,
  label,
}: {
  slug: string;
  hasAccess: boolean;
  free: boolean;
  /** the page builder's own words for 'buy' (a pricing plan's button) */
  label?: string;
}) {
  const t = useT();
  if (hasAccess) {
    return (
      <Link to={`/${slug}/watch`} className={buttonClass("primary", "w-full text-base")} data-checkout="has-access">
        <PlayCircle aria-hidden className="size-5" />
        {t("catalog:has_access")}
      </Link>
    );
  }
  return (
    <Link to={`/${slug}/checkout`} className={buttonClass("primary", "w-full text-base")} data-checkout="buy">
      <ShoppingCart aria-hidden className="size-5" />
      {label || (free ? t("catalog:buy_free") : t("catalog:buy"))}
    </Link>
  );
}
