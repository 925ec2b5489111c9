// A product page's checkout button (spec §2 "a single-course button reading 'has access' or 'buy'"): 'buy' leads
// to the product's checkout (/products/{slug}/checkout); a buyer who has it goes to their products (/my/products).
import { Link } from "react-router";
import { PackageCheck, ShoppingCart } from "lucide-react";
import { useT } from "#app/lib/i18n.tsx";
import { buttonClass } from "#app/ui/button.tsx";

export function ProductCheckoutButton({ slug, hasAccess, free }: { slug: string; hasAccess: boolean; free: boolean }) {
  const t = useT();
  if (hasAccess) {
    return (
      <Link to="/my" className={buttonClass("primary", "w-full text-base")} data-checkout="has-access">
        <PackageCheck aria-hidden className="size-5" />
        {t("products:has_access")}
      </Link>
    );
  }
  return (
    <Link to={`/products/${slug}/checkout`} className={buttonClass("primary", "w-full text-base")} data-checkout="buy">
      <ShoppingCart aria-hidden className="size-5" />
      {free ? t("catalog:buy_free") : t("catalog:buy")}
    </Link>
  );
}
