// What every public page shows of the school's brand (issue 16): logo, favicon, colours, and the footer's
// description, contact, social links, text, company and legal links. Handed to the page by the root loader;
// only what a visitor may see, never the legal texts themselves.
import type { School } from "#platform/db/schema.ts";
import { DEFAULT_BRAND_COLOR, DEFAULT_BRAND_TEXT_COLOR, isHexColor } from "./brand-contrast.ts";
import { publishedLegalPages } from "./get-legal-pages.ts";
import type { LegalPage } from "./schemas.ts";

export type SiteBrand = {
  logoUrl: string | null;
  faviconUrl: string | null;
  /** null: the stylesheet's default colours */
  colors: { brand: string; onBrand: string } | null;
  description: string;
  contactEmail: string;
  socialLinks: string[];
  footerText: string;
  company: { name: string; address: string; taxId: string } | null;
  legal: Record<LegalPage, boolean>;
};

function fileAddress(key: string | null): string | null {
  return key ? `/files/${key.split("/").map(encodeURIComponent).join("/")}` : null;
}

export function siteBrand(school: School): SiteBrand {
  const custom = isHexColor(school.brand_color) || isHexColor(school.brand_text_color);
  const company =
    school.company_name || school.company_address || school.company_tax_id
      ? { name: school.company_name, address: school.company_address, taxId: school.company_tax_id }
      : null;
  return {
    logoUrl: fileAddress(school.logo),
    faviconUrl: fileAddress(school.favicon),
    colors: custom
      ? {
          brand: isHexColor(school.brand_color) ? school.brand_color : DEFAULT_BRAND_COLOR,
          onBrand: isHexColor(school.brand_text_color) ? school.brand_text_color : DEFAULT_BRAND_TEXT_COLOR,
        }
      : null,
    description: school.description,
    contactEmail: school.contact_email,
    socialLinks: school.social_links ? school.social_links.split("\n") : [],
    footerText: school.footer_text,
    company,
    legal: publishedLegalPages(school),
  };
}
