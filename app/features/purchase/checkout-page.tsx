// The one-page checkout (spec §2 checkout and simplified checkout): the option and seats, the buyer (an account is
// made with the order, or the buyer logs in without leaving), a company invoice, the payment method, the promo
// code, the consents and the order summary with the pay button ('Get access' when the total is free).
// It is a plain HTML form too: before the page's script runs it posts to the same endpoint, which answers 303.
import { useId } from "react";
import { Link, useLocation } from "react-router";
import { ArrowLeft, Lock, Minus, Plus, Users } from "lucide-react";
import { MAX_QUANTITY } from "#core/selling/checkout-schema.ts";
import type { CheckoutPageData } from "#app/routes/checkout/checkout-page.server.ts";
import { useT } from "#app/lib/i18n.tsx";
import { CsrfField } from "#app/features/accounts/csrf-field.tsx";
import { Button } from "#app/ui/button.tsx";
import { FormAlert } from "#app/ui/field.tsx";
import { BuyerFields } from "./buyer-fields.tsx";
import { CheckoutSection } from "./checkout-section.tsx";
import { InvoiceFields } from "./invoice-fields.tsx";
import { useMoney } from "./money.ts";
import { OrderSummary } from "./order-summary.tsx";
import { PaymentMethods } from "./payment-methods.tsx";
import { PromoCodeField } from "./promo-code-field.tsx";
import { useCheckout } from "./use-checkout.ts";
import { VariantChoice } from "./variant-choice.tsx";
import { ConsentText, WithdrawalNotice } from "#app/features/site/consent-text.tsx";

/** After a plain form post fails the server comes back with ?error=<message key>; only our namespaces are shown. */
export function checkoutErrorFromQuery(search: string): string | undefined {
  const key = new URLSearchParams(search).get("error");
  return key && /^(checkout|validation|errors|accounts):[a-z0-9_]+$/.test(key) ? key : undefined;
}

const stepperClass = "size-10 shrink-0 px-0!";

function SeatsField({
  value,
  onChange,
  errors,
}: {
  value: string;
  onChange: (value: string) => void;
  errors?: string[];
}) {
  const t = useT();
  const id = useId();
  const seats = Number.parseInt(value, 10) || 1;
  const invalid = Boolean(errors?.length);
  const describedBy = invalid ? `${id}-error` : `${id}-hint`;
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="flex items-center gap-2 text-sm font-medium text-ink">
        <Users aria-hidden className="size-4 text-muted" />
        {t("purchase:seats")}
      </label>
      <div className="flex items-center gap-2">
        <Button
          variant="secondary"
          className={stepperClass}
          aria-label={t("purchase:seats_fewer")}
          disabled={seats <= 1}
          onClick={() => onChange(String(Math.max(1, seats - 1)))}
        >
          <Minus aria-hidden className="size-4" />
        </Button>
        <input
          id={id}
          name="quantity"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_QUANTITY}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          className={`min-h-10 w-20 rounded-md border bg-white px-2 py-2 text-center text-base text-ink tabular-nums shadow-sm sm:text-sm ${invalid ? "border-red-600" : "border-gray-300"}`}
        />
        <Button
          variant="secondary"
          className={stepperClass}
          aria-label={t("purchase:seats_more")}
          disabled={seats >= MAX_QUANTITY}
          onClick={() => onChange(String(Math.min(MAX_QUANTITY, seats + 1)))}
        >
          <Plus aria-hidden className="size-4" />
        </Button>
      </div>
      {invalid ? (
        <p id={`${id}-error`} className="text-sm text-red-700" data-field-error="quantity">
          {errors!.join(" ")}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-sm text-muted" data-testid="seats-hint">
          {seats > 1 ? t("purchase:team_hint", { count: seats }) : t("purchase:seats_hint")}
        </p>
      )}
    </div>
  );
}

function Consents({ errors }: { errors?: string[] }) {
  const t = useT();
  const id = useId();
  const invalid = Boolean(errors?.length);
  return (
    <div className="flex flex-col gap-3 text-sm">
      <div>
        <label className="flex cursor-pointer items-start gap-3">
          <input
            type="checkbox"
            name="terms"
            required
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? `${id}-error` : undefined}
            className="mt-0.5 size-4 shrink-0 rounded border-gray-300 accent-brand-600"
          />
          <span className="text-ink">
            <ConsentText kind="purchase" />
          </span>
        </label>
        {invalid && (
          <p id={`${id}-error`} className="mt-1 ml-7 text-sm text-red-700" data-field-error="terms">
            {errors!.join(" ")}
          </p>
        )}
      </div>
      <label className="flex cursor-pointer items-start gap-3">
        <input
          type="checkbox"
          name="marketing"
          className="mt-0.5 size-4 shrink-0 rounded border-gray-300 accent-brand-600"
        />
        <span className="text-muted">{t("purchase:marketing_consent")}</span>
      </label>
      <WithdrawalNotice />
    </div>
  );
}

export function CheckoutPage({ data }: { data: CheckoutPageData }) {
  const t = useT();
  const location = useLocation();
  const { view, user } = data;
  const money = useMoney(view.product.currency);
  const checkout = useCheckout(data);
  const { price, free, errors } = checkout;
  const isCourse = view.product.kind === "course";
  const queryError = checkoutErrorFromQuery(location.search);
  const noProvider = !free && view.providers.length === 0;
  // A free offer has no seats to hand out and nothing to discount.
  const priced = checkout.variant.price_cents > 0;
  const showSeats = isCourse && priced;
  const showOrder = view.variants.length > 1 || showSeats;
  const buyerStep = showOrder ? 2 : 1;

  if (view.owned) {
    // A product (not a course: those lead to watching) the viewer has already.
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">{view.product.title}</h1>
        <p className="mt-3 text-muted" role="status">
          {t("checkout:already_owned")}
        </p>
        <Link
          to={view.paths.product}
          className="mt-6 inline-block font-semibold text-brand-700 underline underline-offset-4"
        >
          {t("purchase:back_to_product")}
        </Link>
      </div>
    );
  }

  return (
    <div data-checkout-page={view.product.kind}>
      <div className="border-b border-gray-200 bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-6xl px-4 py-6 sm:py-8">
          <Link
            to={view.paths.product}
            className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline"
          >
            <ArrowLeft aria-hidden className="size-4" />
            {t("purchase:back_to_product")}
          </Link>
          <h1 className="mt-3 text-2xl font-bold tracking-tight sm:text-3xl">{t("purchase:checkout_title")}</h1>
          <p className="mt-1 text-muted break-words">{view.product.title}</p>
        </div>
      </div>
      <form
        method="post"
        action={user ? view.paths.buy : view.paths.buyAndRegister}
        onSubmit={checkout.submit}
        noValidate
        data-checkout-form
        className="mx-auto grid max-w-6xl gap-6 px-4 py-6 sm:py-8 lg:grid-cols-[minmax(0,1fr)_400px] lg:items-start"
      >
        <div className="flex min-w-0 flex-col gap-6">
          <CsrfField />
          {view.variants.length === 1 && (
            <input type="hidden" name="unit_price_cents" value={checkout.variant.price_cents} />
          )}
          {queryError && <FormAlert message={t(queryError, { price: data.currentPrice, min: 6, seconds: 60 })} />}
          {showOrder && (
            <CheckoutSection step={1} title={t("purchase:section_order")}>
              <div className="flex flex-col gap-5">
                {view.variants.length > 1 && (
                  <VariantChoice
                    variants={view.variants}
                    currency={view.product.currency}
                    value={checkout.variant.id}
                    onChange={checkout.setVariantId}
                    errors={errors.variant_id ?? errors.unit_price_cents}
                  />
                )}
                {showSeats && (
                  <SeatsField
                    value={checkout.quantityText}
                    onChange={checkout.setQuantityText}
                    errors={errors.quantity}
                  />
                )}
              </div>
            </CheckoutSection>
          )}
          <CheckoutSection step={buyerStep} title={t("purchase:section_buyer")}>
            <div className="flex flex-col gap-6">
              <BuyerFields
                user={user}
                name={checkout.name}
                onNameChange={checkout.setName}
                mode={checkout.mode}
                onModeChange={checkout.setMode}
                registrationEnabled={data.registrationEnabled}
                loginHref={`/login?next=${encodeURIComponent(view.paths.checkout)}`}
                errors={errors}
                loginMessage={checkout.loginMessage}
                loginPending={checkout.pending}
                onLogIn={() => checkout.logIn(document.querySelector<HTMLFormElement>("[data-checkout-form]"))}
              />
              {!free && (
                <div className="border-t border-gray-100 pt-5">
                  <InvoiceFields errors={errors} defaultCountry="PL" />
                </div>
              )}
            </div>
          </CheckoutSection>
          {!free && (
            <CheckoutSection step={buyerStep + 1} title={t("purchase:section_payment")}>
              {noProvider ? (
                <FormAlert message={t("checkout:no_provider")} />
              ) : (
                <PaymentMethods
                  providers={view.providers}
                  value={checkout.provider}
                  onChange={checkout.setProvider}
                  errors={errors.provider}
                />
              )}
            </CheckoutSection>
          )}
        </div>

        <div className="lg:sticky lg:top-6">
          <OrderSummary
            title={view.product.title}
            cover={view.product.cover}
            currency={view.product.currency}
            variant={checkout.variant}
            showVariant={view.variants.length > 1}
            price={price}
            promoCode={checkout.promo?.code ?? null}
          >
            {priced && (
              <PromoCodeField
                value={checkout.promoInput}
                onChange={checkout.setPromoInput}
                applied={checkout.promo}
                discount={checkout.promo ? money(price.discountCents) : null}
                errors={checkout.promoErrors}
                pending={checkout.promoPending}
                onApply={checkout.applyPromo}
                onRemove={checkout.removePromo}
              />
            )}
            <div className="border-t border-gray-100 pt-4">
              <Consents errors={errors.terms} />
            </div>
            <FormAlert message={checkout.alert} />
            <Button
              type="submit"
              className="w-full py-3 text-base"
              disabled={checkout.pending || noProvider}
              data-testid="checkout-submit"
            >
              {free ? t("purchase:get_access") : t("purchase:pay", { amount: money(price.totalCents) })}
            </Button>
            {!free && (
              <p className="flex items-start gap-2 text-xs text-muted">
                <Lock aria-hidden className="mt-0.5 size-3.5 shrink-0" />
                {checkout.provider === "test" ? t("purchase:redirect_note_test") : t("purchase:redirect_note")}
              </p>
            )}
          </OrderSummary>
        </div>
      </form>
    </div>
  );
}
