// The product editor's form state and the call body made from it. Prices are typed in the currency's units
// ("49,99" in Polish) and sent in cents; dates are days (a promotion's start and end: the day's first and last
// moment) or, for a live event, a date and time on the school's clock (its time zone; sent as UTC); the access length is one of none / days / an end date.
// Pure: unit-tested, shared by the product form and the course product form.
import type { AdminProduct, EditedVariant } from "#core/products/product-records.ts";
import type { EditableKind } from "#core/products/schemas.ts";
import { moneyInputText, parseMoneyInput } from "#core/shared/money.ts";
import type { Lang } from "#platform/i18n/index.ts";
import { utcToZoned, zonedToUtc } from "#platform/i18n/time-zone.ts";
import { type AccessState, accessBody, accessState } from "#app/features/pricing/access-length.ts";
import { day, wholeNumber } from "#app/features/pricing/form-values.ts";

export type VariantState = {
  /** React's key: the id, or a made-up one for a new variant */
  key: string;
  id: number | null;
  name: string;
  price: string;
  promo_price: string;
  promo_starts_at: string;
  promo_ends_at: string;
};

export type ProductFormState = AccessState & {
  kind: EditableKind;
  title: string;
  slug: string;
  description: string;
  cover_image: string | null;
  status: "draft" | "published" | "unpublished";
  currency: string;
  vat_rate: string;
  promo_limit: string;
  /** "YYYY-MM-DDTHH:mm" in the school's time zone (a datetime-local input) */
  event_starts_at: string;
  event_link: string;
  file: { key: string; name: string; size: number } | null;
  course_ids: number[];
  variants: VariantState[];
};

let newKeys = 0;
export function newVariantState(): VariantState {
  newKeys += 1;
  return {
    key: `new-${newKeys}`,
    id: null,
    name: "",
    price: "",
    promo_price: "",
    promo_starts_at: "",
    promo_ends_at: "",
  };
}

export function variantState(variant: EditedVariant, lang: Lang): VariantState {
  return {
    key: String(variant.id),
    id: variant.id,
    name: variant.name,
    price: moneyInputText(variant.price_cents, lang),
    promo_price: moneyInputText(variant.promo_price_cents, lang),
    promo_starts_at: day(variant.promo_starts_at),
    promo_ends_at: day(variant.promo_ends_at),
  };
}

export function initialProductState(
  product: AdminProduct | null,
  defaults: { kind: EditableKind; currency: string; vatRate: number; lang: Lang; timeZone?: string },
): ProductFormState {
  if (!product) {
    return {
      kind: defaults.kind,
      title: "",
      slug: "",
      description: "",
      cover_image: null,
      status: "draft",
      currency: defaults.currency,
      vat_rate: String(defaults.vatRate),
      promo_limit: "-1",
      access_mode: "none",
      access_days: "",
      access_ends_at: "",
      event_starts_at: "",
      event_link: "",
      file: null,
      course_ids: [],
      variants: [newVariantState()],
    };
  }
  return {
    kind: product.kind as EditableKind,
    title: product.title,
    slug: product.slug ?? "",
    description: product.description,
    cover_image: product.cover_image,
    status: product.status,
    currency: product.currency,
    vat_rate: String(product.vat_rate),
    promo_limit: String(product.promo_limit),
    ...accessState(product),
    event_starts_at: product.event_starts_at ? utcToZoned(product.event_starts_at, defaults.timeZone ?? "UTC") : "",
    event_link: product.event_link,
    file: product.file,
    course_ids: product.course_ids,
    variants: product.variants.map((variant) => variantState(variant, defaults.lang)),
  };
}

/** The variants as the call sends them; amounts that are not amounts are reported under their field. */
export function variantsBody(variants: VariantState[]): {
  body: Record<string, unknown>[];
  moneyErrors: Record<string, string>;
} {
  const moneyErrors: Record<string, string> = {};
  const body = variants.map((variant, index) => {
    const price = parseMoneyInput(variant.price);
    const promo = parseMoneyInput(variant.promo_price);
    if (price === undefined || price === null) moneyErrors[`variants.${index}.price_cents`] = "products:amount_invalid";
    if (promo === undefined) moneyErrors[`variants.${index}.promo_price_cents`] = "products:amount_invalid";
    return {
      ...(variant.id !== null ? { id: variant.id } : {}),
      name: variant.name,
      price_cents: price ?? 0,
      promo_price_cents: promo ?? null,
      promo_starts_at: variant.promo_starts_at || null,
      promo_ends_at: variant.promo_ends_at || null,
    };
  });
  return { body, moneyErrors };
}

/** The call's body; a live event's start is read on the clock of `timeZone` (the school's) and sent as UTC. */
export function productBody(
  state: ProductFormState,
  timeZone = "UTC",
): {
  body: Record<string, unknown>;
  moneyErrors: Record<string, string>;
} {
  const variants = variantsBody(state.variants);
  return {
    moneyErrors: variants.moneyErrors,
    body: {
      kind: state.kind,
      title: state.title,
      slug: state.slug,
      description: state.description,
      cover_image: state.cover_image,
      status: state.status,
      currency: state.currency,
      vat_rate: wholeNumber(state.vat_rate) ?? "",
      promo_limit: wholeNumber(state.promo_limit) ?? -1,
      ...accessBody(state),
      event_starts_at:
        state.kind === "live_event" && state.event_starts_at
          ? // Not a wall-clock time: sent as typed, for the server to refuse.
            (zonedToUtc(state.event_starts_at, timeZone) ?? state.event_starts_at)
          : null,
      event_link: state.kind === "live_event" ? state.event_link : "",
      file_key: state.kind === "file" ? (state.file?.key ?? null) : null,
      file_name: state.kind === "file" ? (state.file?.name ?? null) : null,
      course_ids: state.kind === "bundle" ? state.course_ids : [],
      variants: variants.body,
    },
  };
}
