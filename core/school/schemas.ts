import { z } from "zod";
import { isTimeZone } from "#platform/i18n/time-zone.ts";
import { emailField, nameField, passwordField } from "../accounts/schemas.ts";

export const currencies = ["PLN", "EUR", "USD", "GBP", "CHF", "CZK"] as const;

/**
 * The school's public address: an http(s) origin, as links in e-mails start. A path, query or fragment is
 * refused rather than dropped (the school is served from the root); the value is kept as its origin.
 */
export const publicUrlField = z
  .string()
  .trim()
  .max(200)
  .pipe(z.url({ protocol: /^https?$/ }))
  .refine(
    (value) => {
      const url = URL.parse(value);
      return !url || (url.pathname === "/" && !url.search && !url.hash && !url.username && !url.password);
    },
    { message: "setup:public_url_origin", abort: true },
  )
  .transform((value) => URL.parse(value)?.origin ?? value);

export const TAGLINE_MAX = 200;
export const DESCRIPTION_MAX = 300;
export const FOOTER_TEXT_MAX = 500;
export const SOCIAL_LINKS_MAX = 8;

/** #rrggbb, lower-cased (what <input type="color"> gives); empty: the default. */
const colorField = z
  .string()
  .trim()
  .toLowerCase()
  .refine((value) => value === "" || /^#[0-9a-f]{6}$/.test(value), "validation:color");

function isWebAddress(line: string): boolean {
  const url = URL.parse(line);
  return Boolean(url && (url.protocol === "https:" || url.protocol === "http:") && url.hostname.includes("."));
}

/** Addresses of the school's profiles, one a line: each must be an http(s) address; blank lines are dropped. */
export const socialLinksField = z
  .string()
  .max(2000)
  .transform((value) =>
    value
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean),
  )
  .refine((lines) => lines.length <= SOCIAL_LINKS_MAX, {
    message: "validation:social_links_max",
    params: { max: SOCIAL_LINKS_MAX },
    abort: true,
  })
  .refine((lines) => lines.every(isWebAddress), "validation:social_links")
  .transform((lines) => lines.join("\n"));

/** The brand and the footer (issue 16): each left out stays unchanged, an empty text clears it. */
function brandingFields() {
  return {
    brand_color: colorField.optional(),
    brand_text_color: colorField.optional(),
    description: z.string().trim().max(DESCRIPTION_MAX).optional(),
    contact_email: z
      .string()
      .trim()
      .toLowerCase()
      .max(254)
      .refine((value) => value === "" || z.email().safeParse(value).success, "validation:email")
      .optional(),
    social_links: socialLinksField.optional(),
    footer_text: z.string().trim().max(FOOTER_TEXT_MAX).optional(),
    company_name: z.string().trim().max(200).optional(),
    company_address: z.string().trim().max(500).optional(),
    company_tax_id: z.string().trim().max(40).optional(),
  };
}

/** PUT /home/settings/images: the logo and the favicon, saved as soon as they are uploaded or removed. */
export const brandImagesSchema = z.object({
  logo: z.string().trim().min(1).max(300).nullable().optional(),
  favicon: z.string().trim().min(1).max(300).nullable().optional(),
});

export const LEGAL_PAGES = ["terms", "privacy", "withdrawal"] as const;
export type LegalPage = (typeof LEGAL_PAGES)[number];
export const LEGAL_TEXT_MAX = 50_000;

/** PUT /home/legal: the legal pages in markdown; an empty text takes the page down. */
export const legalPagesSchema = z.object({
  terms: z.string().trim().max(LEGAL_TEXT_MAX),
  privacy: z.string().trim().max(LEGAL_TEXT_MAX),
  withdrawal: z.string().trim().max(LEGAL_TEXT_MAX),
});

export const schoolSettingsSchema = z.object({
  name: z.string().trim().min(1).max(120),
  language: z.enum(["en", "pl"]),
  currency: z.enum(currencies),
  login_enabled: z.boolean(),
  registration_enabled: z.boolean(),
  /** left out: unchanged */
  public_url: publicUrlField.optional(),
  /** the VAT rate (%) new courses and products start with; left out: unchanged */
  vat_rate: z.number().int().min(0).max(100).optional(),
  /** IANA name (Europe/Warsaw) dates are shown in and live events entered in; left out: unchanged */
  time_zone: z.string().refine(isTimeZone, "validation:time_zone").optional(),
  /** the home page's line under the name; empty: the default; left out: unchanged */
  tagline: z.string().trim().max(TAGLINE_MAX).optional(),
  ...brandingFields(),
});

export const setupSchema = z.object({
  school_name: z.string().trim().min(1).max(120),
  language: z.enum(["en", "pl"]),
  currency: z.enum(currencies),
  name: nameField,
  email: emailField,
  password: passwordField,
  sample: z.boolean().default(false),
  /** left out: the address the setup request came to (or APP_URL) */
  public_url: publicUrlField.optional(),
});

export type SetupInput = z.input<typeof setupSchema>;

/**
 * The VAT rate a new school starts with. Prices are gross, so the rate only says how much of a price is VAT: a
 * Polish school (Polish, or selling in PLN) starts at Poland's 23%; any other at 0% (no VAT line at checkout)
 * until its owner enters their own in the settings, since the rate depends on where the seller is registered.
 */
export function defaultVatRate(school: { language: string; currency: string }): number {
  return school.language === "pl" || school.currency === "PLN" ? 23 : 0;
}

/** The time zone a new school starts in, chosen as its VAT rate is: Europe/Warsaw for a Polish school, else UTC. */
export function defaultTimeZone(school: { language: string; currency: string }): string {
  return school.language === "pl" || school.currency === "PLN" ? "Europe/Warsaw" : "UTC";
}
