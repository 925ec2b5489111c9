// The card brand's logo beside the number (spec §2: Mastercard, Visa, Discover, American Express). Drawn inline
// as small SVGs (no requests, crisp at any size); the brand's name is the accessible text, and the detected brand
// is also announced politely. A brand card-validator knows without a logo shows its name; none shows a card icon.
import { CreditCard } from "lucide-react";
import type { BrandWithLogo, CardBrand } from "#core/memberships/card/card-rules.ts";

function Visa() {
  return (
    <svg viewBox="0 0 48 32" aria-hidden className="h-6 w-9">
      <rect width="48" height="32" rx="4" fill="#1a1f71" />
      <text
        x="24"
        y="21"
        textAnchor="middle"
        fontFamily="Arial, sans-serif"
        fontSize="13"
        fontWeight="700"
        fontStyle="italic"
        fill="#fff"
      >
        VISA
      </text>
    </svg>
  );
}

function Mastercard() {
  return (
    <svg viewBox="0 0 48 32" aria-hidden className="h-6 w-9">
      <rect width="48" height="32" rx="4" fill="#252525" />
      <circle cx="19" cy="16" r="9" fill="#eb001b" />
      <circle cx="29" cy="16" r="9" fill="#f79e1b" />
      <path d="M24 8.5a9 9 0 0 1 0 15 9 9 0 0 1 0-15z" fill="#ff5f00" />
    </svg>
  );
}

function AmericanExpress() {
  return (
    <svg viewBox="0 0 48 32" aria-hidden className="h-6 w-9">
      <rect width="48" height="32" rx="4" fill="#006fcf" />
      <text x="24" y="20" textAnchor="middle" fontFamily="Arial, sans-serif" fontSize="10" fontWeight="700" fill="#fff">
        AMEX
      </text>
    </svg>
  );
}

function Discover() {
  return (
    <svg viewBox="0 0 48 32" aria-hidden className="h-6 w-9">
      <rect width="48" height="32" rx="4" fill="#fff" stroke="#d1d5db" />
      <circle cx="33" cy="16" r="6" fill="#f48120" />
      <text x="5" y="19" fontFamily="Arial, sans-serif" fontSize="8" fontWeight="700" fill="#231f20">
        DISC
      </text>
    </svg>
  );
}

const logos: Record<BrandWithLogo, () => React.JSX.Element> = {
  visa: Visa,
  mastercard: Mastercard,
  "american-express": AmericanExpress,
  discover: Discover,
};

export function CardBrandLogo({ brand }: { brand: CardBrand | null }) {
  if (!brand) return <CreditCard aria-hidden className="size-6 text-muted" />;
  const Logo = brand.logo ? logos[brand.logo] : null;
  return (
    <span data-card-brand={brand.type} className="inline-flex items-center gap-1">
      {Logo ? <Logo /> : <CreditCard aria-hidden className="size-6 text-muted" />}
      <span className={Logo ? "sr-only" : "text-xs text-muted"}>{brand.niceType}</span>
    </span>
  );
}
